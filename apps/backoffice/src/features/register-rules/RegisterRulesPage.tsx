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
import { type Column, Table } from '../../ui/Table.tsx';
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
  const rows: RuleRow[] = drafts.map((draft, index) => ({
    rule: rules[index] as Rule,
    draft,
    errors: prefixed(errors, `rules.${index}.`),
    onChange: (next) => setDrafts(drafts.map((other, at) => (at === index ? next : other))),
  }));
  const columns = useRuleColumns();

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
        <Table
          caption={t('nav.registerRules')}
          classes={{ table: 'table rules-table' }}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.rule.key}
          rowClassName={(row) => (isDirty(row.draft, row.rule) ? 'row-dirty' : undefined)}
        />
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

/** One row of the table: the saved rule, its draft, the server's messages for it and how to change it. */
interface RuleRow {
  rule: Rule;
  draft: Draft;
  errors: Record<string, string>;
  onChange: (draft: Draft) => void;
}

type Control = 'enabled' | 'required' | 'patternId' | 'acceptedPattern' | 'minLength' | 'maxLength';

/** The cell of one control: its label, which only assistive technology reads, and the server's message. */
function ControlCell({
  row,
  name,
  label,
  children,
}: {
  row: RuleRow;
  name: Control;
  label: string;
  children: (attributes: Omit<ControlAttributes, 'aria-required'>) => ReactNode;
}) {
  const id = `rule-${row.rule.key}-${name}`;
  const error = row.errors[name];
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The pattern's select and what players will read of it. */
function PatternCell({ row, label }: { row: RuleRow; label: string }) {
  const { t, i18n } = useTranslation();
  const { draft } = row;
  const preview = registerRuleMessage(
    {
      patternId: Number(draft.patternId),
      minLength: Number(draft.minLength) || 0,
      maxLength: Number(draft.maxLength) || 0,
    },
    i18n.language,
  );
  return (
    <ControlCell row={row} name="patternId" label={label}>
      {(attributes) => (
        <div className="pattern-cell">
          <div className="select-wrap">
            <select
              {...attributes}
              className="input select input-sm pattern-select"
              value={draft.patternId}
              onChange={(event) => row.onChange({ ...draft, patternId: event.target.value })}
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
      )}
    </ControlCell>
  );
}

/** The table's columns: the field, then one control per column, each named for its field. */
function useRuleColumns(): Column<RuleRow>[] {
  const { t } = useTranslation();
  const checkbox = (name: 'enabled' | 'required', header: string, label: string): Column<RuleRow> => ({
    key: name,
    header,
    render: (row) => (
      <ControlCell row={row} name={name} label={t(label, { key: row.rule.key })}>
        {(attributes) => (
          <input
            {...attributes}
            type="checkbox"
            className="checkbox-input"
            checked={row.draft[name]}
            onChange={(event) => row.onChange({ ...row.draft, [name]: event.target.checked })}
          />
        )}
      </ControlCell>
    ),
  });
  const length = (name: 'minLength' | 'maxLength', header: string, label: string): Column<RuleRow> => ({
    key: name,
    header,
    className: 'num',
    render: (row) => (
      <ControlCell row={row} name={name} label={t(label, { key: row.rule.key })}>
        {(attributes) => (
          <input
            {...attributes}
            className="input input-sm length-input"
            type="number"
            min={0}
            max={200}
            value={row.draft[name]}
            onChange={(event) => row.onChange({ ...row.draft, [name]: event.target.value })}
          />
        )}
      </ControlCell>
    ),
  });
  return [
    {
      key: 'field',
      header: t('registerRules.field'),
      render: ({ rule }) => (
        <>
          <span className="cell-strong">
            {t(`registerRules.fields.${rule.key}`, { defaultValue: rule.key })}
          </span>
          <span className="cell-sub mono">{rule.key}</span>
        </>
      ),
    },
    checkbox('enabled', t('registerRules.enabled'), 'registerRules.enabledFor'),
    checkbox('required', t('registerRules.required'), 'registerRules.requiredFor'),
    {
      key: 'patternId',
      header: t('registerRules.patternId'),
      render: (row) => (
        <PatternCell row={row} label={t('registerRules.patternIdFor', { key: row.rule.key })} />
      ),
    },
    {
      key: 'acceptedPattern',
      header: t('registerRules.acceptedPattern'),
      render: (row) => (
        <ControlCell
          row={row}
          name="acceptedPattern"
          label={t('registerRules.acceptedPatternFor', { key: row.rule.key })}
        >
          {(attributes) => (
            <input
              {...attributes}
              className="input input-sm mono pattern-input"
              value={row.draft.acceptedPattern}
              spellCheck={false}
              placeholder="^.*$"
              onChange={(event) => row.onChange({ ...row.draft, acceptedPattern: event.target.value })}
            />
          )}
        </ControlCell>
      ),
    },
    length('minLength', t('registerRules.minLength'), 'registerRules.minLengthFor'),
    length('maxLength', t('registerRules.maxLength'), 'registerRules.maxLengthFor'),
  ];
}
