import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ResponseOf, systemConsoleEndpoints } from '@tessera/contract';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { errorText, fieldErrors } from '../../app/errors.tsx';
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
            <Card>
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
                      <th scope="col" className="actions">
                        <span className="sr-only">{t('common.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.map((rule) => (
                      <RuleRow key={`${rule.key}-${JSON.stringify(rule)}`} rule={rule} />
                    ))}
                  </tbody>
                </table>
              </div>
            </Card>
          )
        }
      </QueryView>
    </>
  );
}

function RuleRow({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const [enabled, setEnabled] = useState(rule.enabled);
  const [required, setRequired] = useState(rule.required);
  const [patternId, setPatternId] = useState(String(rule.patternId));
  const [acceptedPattern, setAcceptedPattern] = useState(rule.acceptedPattern);
  const [minLength, setMinLength] = useState(String(rule.minLength));
  const [maxLength, setMaxLength] = useState(String(rule.maxLength));
  const save = useMutation({
    mutationFn: () =>
      call(systemConsoleEndpoints.setRegisterRule, {
        params: { key: rule.key },
        body: {
          acceptedPattern,
          patternId: Number(patternId),
          minLength: Number(minLength),
          maxLength: Number(maxLength),
          enabled,
          required,
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Rule[]>(KEY, (rows) =>
        rows?.map((row) => (row.key === saved.key ? saved : row)),
      );
      toast.show(t('registerRules.saved', { key: saved.key }));
    },
  });
  const errors = fieldErrors(save.error);
  const dirty =
    enabled !== rule.enabled ||
    required !== rule.required ||
    patternId !== String(rule.patternId) ||
    acceptedPattern !== rule.acceptedPattern ||
    minLength !== String(rule.minLength) ||
    maxLength !== String(rule.maxLength);
  const ids = {
    enabled: `${formId}-enabled`,
    required: `${formId}-required`,
    patternId: `${formId}-pattern-id`,
    acceptedPattern: `${formId}-pattern`,
    minLength: `${formId}-min`,
    maxLength: `${formId}-max`,
  };

  /** The cell of one control: its label, which only assistive technology reads, and the server's message. */
  const cell = (
    name: keyof typeof ids,
    label: string,
    control: (attributes: Omit<ControlAttributes, 'aria-required'> & { form: string }) => ReactNode,
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
          form: formId,
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
    onChange: (checked: boolean) => void,
  ) =>
    cell(name, label, (attributes) => (
      <input
        {...attributes}
        type="checkbox"
        className="checkbox-input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    ));
  const lengthCell = (
    name: 'minLength' | 'maxLength',
    label: string,
    value: string,
    onChange: (value: string) => void,
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
          onChange={(event) => onChange(event.target.value)}
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
      {checkboxCell('enabled', t('registerRules.enabledFor', { key: rule.key }), enabled, setEnabled)}
      {checkboxCell('required', t('registerRules.requiredFor', { key: rule.key }), required, setRequired)}
      {cell('patternId', t('registerRules.patternIdFor', { key: rule.key }), (attributes) => (
        <div className="select-wrap">
          <select
            {...attributes}
            className="input select input-sm pattern-select"
            value={patternId}
            onChange={(event) => setPatternId(event.target.value)}
          >
            {PATTERN_IDS.map((id) => (
              <option key={id} value={id}>
                {id} · {t(`registerRules.patterns.${id}`)}
              </option>
            ))}
          </select>
        </div>
      ))}
      {cell('acceptedPattern', t('registerRules.acceptedPatternFor', { key: rule.key }), (attributes) => (
        <input
          {...attributes}
          className="input input-sm mono pattern-input"
          value={acceptedPattern}
          spellCheck={false}
          placeholder="^.*$"
          onChange={(event) => setAcceptedPattern(event.target.value)}
        />
      ))}
      {lengthCell('minLength', t('registerRules.minLengthFor', { key: rule.key }), minLength, setMinLength)}
      {lengthCell('maxLength', t('registerRules.maxLengthFor', { key: rule.key }), maxLength, setMaxLength)}
      <td className="actions">
        <form
          id={formId}
          noValidate
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          {dirty ? <Badge tone="warning">{t('registerRules.unsaved')}</Badge> : null}
          <Button
            type="submit"
            size="sm"
            variant={dirty ? 'primary' : 'secondary'}
            loading={save.isPending}
            aria-label={t('registerRules.saveFor', { key: rule.key })}
          >
            {t('common.save')}
          </Button>
        </form>
        {save.error && Object.keys(errors).length === 0 ? (
          <p className="field-error">{errorText(save.error, t)}</p>
        ) : null}
      </td>
    </tr>
  );
}
