import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ResponseOf, registerRuleMessage, systemConsoleEndpoints } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import type { ControlAttributes } from '../../ui/Field.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useToast } from '../../ui/Toast.tsx';
import './register-rules.css';

type Rule = ResponseOf<typeof systemConsoleEndpoints.registerRules>[number];
const KEY = ['registerRules'];
const PATTERN_IDS = Array.from({ length: 13 }, (_, index) => index);

export function RegisterRulesPage() {
  const { t } = useTranslation();
  const rules = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(systemConsoleEndpoints.registerRules, { signal }),
  });
  return (
    <>
      <PageHeader title={t('nav.registerRules')} description={t('registerRules.description')} />
      <QueryView query={rules}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState icon="rules" title={t('registerRules.empty')} />
          ) : (
            <RulesTable key={JSON.stringify(data)} rules={data} />
          )
        }
      </QueryView>
    </>
  );
}

/** The whole table, edited in place and saved at once. */
function RulesTable({ rules }: { rules: Rule[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const [drafts, setDrafts] = useState<Draft[]>(() => rules.map(toDraft));
  const save = useMutation({
    mutationFn: () =>
      call(systemConsoleEndpoints.setRegisterRules, { body: { rules: drafts.map(fromDraft) } }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Rule[]>(KEY, saved);
      toast.show(t('registerRules.savedAll'));
    },
  });
  const errors = fieldErrors(save.error);
  const changed = drafts.filter((draft, index) => isDirty(draft, rules[index] as Rule)).length;

  return (
    <Card>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div className="table-wrap">
          <table className="table rules-table">
            <caption className="sr-only">{t('nav.registerRules')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('registerRules.field')}</th>
                <th scope="col">{t('registerRules.enabled')}</th>
                <th scope="col">{t('registerRules.required')}</th>
                <th scope="col">{t('registerRules.patternId')}</th>
                <th scope="col">{t('registerRules.acceptedPattern')}</th>
                <th scope="col" className="num">
                  {t('registerRules.minLength')}
                </th>
                <th scope="col" className="num">
                  {t('registerRules.maxLength')}
                </th>
              </tr>
            </thead>
            <tbody>
              {drafts.map((draft, index) => (
                <RuleRow
                  key={draft.key}
                  rule={rules[index] as Rule}
                  draft={draft}
                  errors={prefixed(errors, `rules.${index}.`)}
                  onChange={(next) => setDrafts(drafts.map((other, at) => (at === index ? next : other)))}
                />
              ))}
            </tbody>
          </table>
        </div>
        <div className="rules-actions">
          {save.error && Object.keys(errors).length === 0 ? (
            <p className="field-error">{errorText(t, save.error)}</p>
          ) : null}
          {changed > 0 ? (
            <Badge tone="warning">{t('registerRules.unsavedCount', { count: changed })}</Badge>
          ) : null}
          <Button
            variant="ghost"
            disabled={changed === 0}
            onClick={() => {
              save.reset();
              setDrafts(rules.map(toDraft));
            }}
          >
            {t('registerRules.discard')}
          </Button>
          <Button type="submit" variant="primary" disabled={changed === 0} loading={save.isPending}>
            {t('registerRules.saveAll')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A rule as the table edits it: numbers as typed. */
interface Draft {
  key: Rule['key'];
  enabled: boolean;
  required: boolean;
  patternId: string;
  acceptedPattern: string;
  minLength: string;
  maxLength: string;
}

const toDraft = (rule: Rule): Draft => ({
  key: rule.key,
  enabled: rule.enabled,
  required: rule.required,
  patternId: String(rule.patternId),
  acceptedPattern: rule.acceptedPattern,
  minLength: String(rule.minLength),
  maxLength: String(rule.maxLength),
});

const fromDraft = (draft: Draft): Rule => ({
  key: draft.key,
  enabled: draft.enabled,
  required: draft.required,
  patternId: Number(draft.patternId),
  acceptedPattern: draft.acceptedPattern,
  minLength: Number(draft.minLength),
  maxLength: Number(draft.maxLength),
});

const isDirty = (draft: Draft, rule: Rule) => JSON.stringify(draft) !== JSON.stringify(toDraft(rule));

/** The server's field messages of one row (`rules.3.maxLength`), by field. */
function prefixed(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, message]) => [name.slice(prefix.length), message]),
  );
}

function RuleRow({
  rule,
  draft,
  errors,
  onChange,
}: {
  rule: Rule;
  draft: Draft;
  errors: Record<string, string>;
  onChange: (draft: Draft) => void;
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const dirty = isDirty(draft, rule);
  const ids = {
    enabled: `${formId}-enabled`,
    required: `${formId}-required`,
    patternId: `${formId}-pattern-id`,
    acceptedPattern: `${formId}-pattern`,
    minLength: `${formId}-min`,
    maxLength: `${formId}-max`,
  };
  const preview = registerRuleMessage(
    {
      patternId: Number(draft.patternId),
      minLength: Number(draft.minLength) || 0,
      maxLength: Number(draft.maxLength) || 0,
    },
    i18n.language,
  );

  /** The cell of one control: its label, which only assistive technology reads, and the server's message. */
  const cell = (
    name: keyof typeof ids,
    label: string,
    control: (attributes: Omit<ControlAttributes, 'aria-required'>) => ReactNode,
    className?: string,
  ) => {
    const id = ids[name];
    const error = errors[name];
    return (
      <td className={className}>
        <label className="sr-only" htmlFor={id}>
          {label}
        </label>
        {control({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </td>
    );
  };

  const checkboxCell = (
    name: 'enabled' | 'required',
    label: string,
    checked: boolean,
    change: (checked: boolean) => void,
  ) =>
    cell(name, label, (attributes) => (
      <input
        {...attributes}
        type="checkbox"
        className="checkbox-input"
        checked={checked}
        onChange={(event) => change(event.target.checked)}
      />
    ));
  const lengthCell = (
    name: 'minLength' | 'maxLength',
    label: string,
    value: string,
    change: (value: string) => void,
  ) =>
    cell(
      name,
      label,
      (attributes) => (
        <input
          {...attributes}
          className="input input-sm length-input"
          type="number"
          min={0}
          max={200}
          value={value}
          onChange={(event) => change(event.target.value)}
        />
      ),
      'num',
    );

  return (
    <tr className={dirty ? 'row-dirty' : undefined}>
      <td>
        <span className="cell-strong">
          {t(`registerRules.fields.${rule.key}`, { defaultValue: rule.key })}
        </span>
        <span className="cell-sub mono">{rule.key}</span>
      </td>
      {checkboxCell('enabled', t('registerRules.enabledFor', { key: rule.key }), draft.enabled, (enabled) =>
        set({ enabled }),
      )}
      {checkboxCell(
        'required',
        t('registerRules.requiredFor', { key: rule.key }),
        draft.required,
        (required) => set({ required }),
      )}
      {cell('patternId', t('registerRules.patternIdFor', { key: rule.key }), (attributes) => (
        <div className="pattern-cell">
          <div className="select-wrap">
            <select
              {...attributes}
              className="input select input-sm pattern-select"
              value={draft.patternId}
              onChange={(event) => set({ patternId: event.target.value })}
            >
              {PATTERN_IDS.map((id) => (
                <option key={id} value={id}>
                  {id} · {t(`registerRules.patterns.${id}`)}
                </option>
              ))}
            </select>
          </div>
          <p className="pattern-preview">
            <span className="subtle">{t('registerRules.playersSee')}</span> {preview}
          </p>
        </div>
      ))}
      {cell('acceptedPattern', t('registerRules.acceptedPatternFor', { key: rule.key }), (attributes) => (
        <input
          {...attributes}
          className="input input-sm mono pattern-input"
          value={draft.acceptedPattern}
          spellCheck={false}
          placeholder="^.*$"
          onChange={(event) => set({ acceptedPattern: event.target.value })}
        />
      ))}
      {lengthCell(
        'minLength',
        t('registerRules.minLengthFor', { key: rule.key }),
        draft.minLength,
        (minLength) => set({ minLength }),
      )}
      {lengthCell(
        'maxLength',
        t('registerRules.maxLengthFor', { key: rule.key }),
        draft.maxLength,
        (maxLength) => set({ maxLength }),
      )}
    </tr>
  );
}
