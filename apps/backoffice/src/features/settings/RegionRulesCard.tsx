import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RegionRule, systemConsoleEndpoints } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { DeleteDialog } from '../../app/dialogs.tsx';
import { FormError, fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Select } from '../../ui/Select.tsx';
import { actionsColumn, type Column, Table } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';

const KEY = ['regionRules'];
type Kind = RegionRule['kind'];

export function RegionRulesCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('country');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [deleting, setDeleting] = useState<RegionRule | null>(null);
  const rules = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(systemConsoleEndpoints.regionRules, { signal }),
  });
  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: KEY });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
  const add = useMutation({
    mutationFn: () =>
      call(systemConsoleEndpoints.createRegionRule, {
        body: kind === 'country' ? { kind, value, note } : { kind, value, note },
      }),
    onSuccess: (rule) => {
      setValue('');
      setNote('');
      invalidate();
      toast.show(t('settings.regions.added', { value: rule.value }));
    },
  });
  const remove = useMutation({
    mutationFn: (rule: RegionRule) =>
      call(systemConsoleEndpoints.removeRegionRule, { params: { id: rule.id } }),
    onSuccess: (_, rule) => {
      setDeleting(null);
      invalidate();
      toast.show(t('settings.regions.deleted', { value: rule.value }));
    },
  });
  const errors = fieldErrors(add.error);

  const columns: Column<RegionRule>[] = [
    {
      key: 'kind',
      header: t('settings.regions.kind'),
      render: (rule) => (
        <Badge tone={rule.kind === 'country' ? 'accent' : 'neutral'}>
          {t(`settings.regions.kinds.${rule.kind}`)}
        </Badge>
      ),
    },
    {
      key: 'value',
      header: t('settings.regions.value'),
      render: (rule) => <span className="mono">{rule.value}</span>,
    },
    {
      key: 'note',
      header: t('settings.regions.note'),
      render: (rule) => rule.note || <span className="subtle">—</span>,
    },
    {
      key: 'createdAt',
      header: t('common.createdAt'),
      render: (rule) => <span className="nowrap muted">{formatDateTime(rule.createdAt, i18n.language)}</span>,
    },
    actionsColumn(t('common.actions'), (rule) => (
      <RowButton
        icon="trash"
        aria-label={t('settings.regions.deleteNamed', { value: rule.value })}
        onClick={() => {
          remove.reset();
          setDeleting(rule);
        }}
      >
        {t('common.delete')}
      </RowButton>
    )),
  ];

  return (
    <Card title={t('settings.regions.title')} description={t('settings.regions.description')}>
      <div className="stack">
        <form
          className="region-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <Select
            label={t('settings.regions.kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
            options={[
              { value: 'country', label: t('settings.regions.kinds.country') },
              { value: 'ip_range', label: t('settings.regions.kinds.ip_range') },
            ]}
            error={errors.kind}
          />
          <TextField
            label={t('settings.regions.value')}
            value={value}
            placeholder={kind === 'country' ? 'VN' : '203.0.113.0/24'}
            maxLength={kind === 'country' ? 2 : 50}
            autoCapitalize={kind === 'country' ? 'characters' : 'none'}
            spellCheck={false}
            onChange={(event) => setValue(event.target.value)}
            error={errors.value}
            hint={kind === 'country' ? t('settings.regions.countryHint') : t('settings.regions.ipHint')}
          />
          <TextField
            label={t('settings.regions.note')}
            value={note}
            maxLength={200}
            onChange={(event) => setNote(event.target.value)}
            error={errors.note}
          />
          <div className="region-submit">
            <Button type="submit" variant="primary" icon={<Icon name="plus" />} loading={add.isPending}>
              {t('settings.regions.add')}
            </Button>
          </div>
        </form>
        <FormError error={add.error} shownFields={['kind', 'value', 'note']} />
        <QueryView query={rules}>
          {(data) => (
            <Table
              caption={t('settings.regions.title')}
              columns={columns}
              rows={data}
              rowKey={(rule) => rule.id}
              empty={
                <EmptyState
                  icon="globe"
                  title={t('settings.regions.empty')}
                  description={t('settings.regions.emptyHint')}
                />
              }
            />
          )}
        </QueryView>
      </div>
      {deleting ? (
        <DeleteDialog
          title={t('settings.regions.deleteTitle')}
          message={t('settings.regions.deleteConfirm', { value: deleting.value })}
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting)}
        />
      ) : null}
    </Card>
  );
}
