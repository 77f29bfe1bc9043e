import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backofficeEndpoints, type ResponseOf } from '@tessera/contract';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { errorText, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useToast } from '../../ui/Toast.tsx';
import './register-rules.css';

type Rule = ResponseOf<typeof backofficeEndpoints.registerRules>[number];
const KEY = ['registerRules'];
const PATTERN_IDS = Array.from({ length: 13 }, (_, index) => index);

export function RegisterRulesPage() {
  const { t } = useTranslation();
  const rules = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(backofficeEndpoints.registerRules, { signal }),
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
      call(backofficeEndpoints.setRegisterRule, {
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
  const described = (name: keyof typeof ids) => (errors[name] ? `${ids[name]}-error` : undefined);

  return (
    <tr className={dirty ? 'row-dirty' : undefined}>
      <td>
        <span className="cell-strong">
          {t(`registerRules.fields.${rule.key}`, { defaultValue: rule.key })}
        </span>
        <span className="cell-sub mono">{rule.key}</span>
      </td>
      <RuleCell
        id={ids.enabled}
        label={t('registerRules.enabledFor', { key: rule.key })}
        error={errors.enabled}
      >
        <input
          id={ids.enabled}
          form={formId}
          type="checkbox"
          className="checkbox-input"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          aria-describedby={described('enabled')}
        />
      </RuleCell>
      <RuleCell
        id={ids.required}
        label={t('registerRules.requiredFor', { key: rule.key })}
        error={errors.required}
      >
        <input
          id={ids.required}
          form={formId}
          type="checkbox"
          className="checkbox-input"
          checked={required}
          onChange={(event) => setRequired(event.target.checked)}
          aria-describedby={described('required')}
        />
      </RuleCell>
      <RuleCell
        id={ids.patternId}
        label={t('registerRules.patternIdFor', { key: rule.key })}
        error={errors.patternId}
      >
        <div className="select-wrap">
          <select
            id={ids.patternId}
            form={formId}
            className="input select input-sm pattern-select"
            value={patternId}
            onChange={(event) => setPatternId(event.target.value)}
            aria-invalid={errors.patternId ? true : undefined}
            aria-describedby={described('patternId')}
          >
            {PATTERN_IDS.map((id) => (
              <option key={id} value={id}>
                {id} · {t(`registerRules.patterns.${id}`)}
              </option>
            ))}
          </select>
        </div>
      </RuleCell>
      <RuleCell
        id={ids.acceptedPattern}
        label={t('registerRules.acceptedPatternFor', { key: rule.key })}
        error={errors.acceptedPattern}
      >
        <input
          id={ids.acceptedPattern}
          form={formId}
          className="input input-sm mono pattern-input"
          value={acceptedPattern}
          spellCheck={false}
          placeholder="^.*$"
          onChange={(event) => setAcceptedPattern(event.target.value)}
          aria-invalid={errors.acceptedPattern ? true : undefined}
          aria-describedby={described('acceptedPattern')}
        />
      </RuleCell>
      <RuleCell
        className="num"
        id={ids.minLength}
        label={t('registerRules.minLengthFor', { key: rule.key })}
        error={errors.minLength}
      >
        <input
          id={ids.minLength}
          form={formId}
          className="input input-sm length-input"
          type="number"
          min={0}
          max={200}
          value={minLength}
          onChange={(event) => setMinLength(event.target.value)}
          aria-invalid={errors.minLength ? true : undefined}
          aria-describedby={described('minLength')}
        />
      </RuleCell>
      <RuleCell
        className="num"
        id={ids.maxLength}
        label={t('registerRules.maxLengthFor', { key: rule.key })}
        error={errors.maxLength}
      >
        <input
          id={ids.maxLength}
          form={formId}
          className="input input-sm length-input"
          type="number"
          min={0}
          max={200}
          value={maxLength}
          onChange={(event) => setMaxLength(event.target.value)}
          aria-invalid={errors.maxLength ? true : undefined}
          aria-describedby={described('maxLength')}
        />
      </RuleCell>
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

/** A cell of a rule's row: a control named by a label only assistive technology reads, and the server's message. */
function RuleCell({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={className}>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </td>
  );
}
