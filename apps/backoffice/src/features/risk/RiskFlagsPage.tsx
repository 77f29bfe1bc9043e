import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  riskConsoleEndpoints as bo,
  type QueryOf,
  RISK_RULES,
  type RiskFlag,
  resolveFlagBody,
} from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { FilterSelect, FilterText, SearchListPage } from '../../app/SearchListPage.tsx';
import { useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { Button } from '../../ui/Button.tsx';
import { actionsColumn } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { FlagsTable } from './views.tsx';

type Query = QueryOf<typeof bo.flags>;
const FILTERS = ['status', 'rule', 'memberId'] as const;

function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  const memberId = Number(applied.memberId);
  return {
    status: applied.status === 'open' || applied.status === 'resolved' ? applied.status : undefined,
    rule: (RISK_RULES as readonly string[]).includes(applied.rule)
      ? (applied.rule as (typeof RISK_RULES)[number])
      : undefined,
    memberId: Number.isInteger(memberId) && memberId > 0 ? memberId : undefined,
  };
}

/** The flags the risk rules raised, newest first, filtered by status and rule; an open one is resolved with a note. */
export function RiskFlagsPage() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const queryClient = useQueryClient();
  const list = useSearchList(bo.flags, FILTERS, toQuery);
  const [resolving, setResolving] = useState<RiskFlag | null>(null);
  const canResolve = mayCall(operator?.role, bo.resolveFlag);
  const option = (value: string, label: string) => ({ value, label });
  const resolveColumn = canResolve
    ? actionsColumn<RiskFlag>(t('common.actions'), (row) =>
        row.resolvedAt ? null : (
          <Button
            size="sm"
            aria-label={t('risk.resolveOn', { rule: t(`risk.rules.${row.rule}`), username: row.username })}
            onClick={() => setResolving(row)}
          >
            {t('risk.resolve')}
          </Button>
        ),
      )
    : undefined;
  return (
    <>
      <SearchListPage
        page="riskFlags"
        list={list}
        filters={
          <>
            <FilterSelect
              name="status"
              label={t('common.status')}
              options={[
                option('', t('risk.allStatuses')),
                option('open', t('risk.open')),
                option('resolved', t('risk.resolved')),
              ]}
            />
            <FilterSelect
              name="rule"
              label={t('risk.rule')}
              options={[
                option('', t('risk.allRules')),
                ...RISK_RULES.map((rule) => option(rule, t(`risk.rules.${rule}`))),
              ]}
            />
            <FilterText name="memberId" label={t('risk.memberId')} inputMode="numeric" />
          </>
        }
      >
        {(rows) => (
          <FlagsTable
            flags={rows}
            caption={t('nav.riskFlags')}
            showMember
            {...(resolveColumn ? { actions: resolveColumn } : {})}
          />
        )}
      </SearchListPage>
      {resolving ? (
        <ResolveDialog
          flag={resolving}
          onClose={() => setResolving(null)}
          onDone={() => {
            setResolving(null);
            void queryClient.invalidateQueries({ queryKey: [bo.flags.path] });
          }}
        />
      ) : null}
    </>
  );
}

function ResolveDialog({
  flag,
  onClose,
  onDone,
}: {
  flag: RiskFlag;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<z.input<typeof resolveFlagBody>, unknown, z.output<typeof resolveFlagBody>>({
    resolver: zodResolver(resolveFlagBody),
    defaultValues: { note: '' },
  });
  const save = useMutation({
    mutationFn: (body: z.output<typeof resolveFlagBody>) =>
      call(bo.resolveFlag, { params: { id: flag.id }, body }),
    onSuccess: () => {
      toast.show(t('risk.resolvedDone', { username: flag.username }));
      onDone();
    },
  });
  const server = fieldErrors(save.error);
  return (
    <FormDialog
      title={t('risk.resolveTitle', { rule: t(`risk.rules.${flag.rule}`), username: flag.username })}
      saveLabel={t('risk.resolve')}
      saving={save.isPending}
      error={save.error}
      shownFields={['note']}
      onClose={onClose}
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <TextField
        label={t('risk.note')}
        hint={t('risk.noteHint')}
        maxLength={500}
        error={form.formState.errors.note ? t('risk.noteRequired') : server.note}
        {...form.register('note')}
      />
    </FormDialog>
  );
}
