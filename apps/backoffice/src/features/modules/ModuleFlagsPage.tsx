import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ResponseOf, systemConsoleEndpoints } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { QueryView } from '../../app/QueryView.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { Switch } from '../../ui/Checkbox.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { useToast } from '../../ui/Toast.tsx';

type Flag = ResponseOf<typeof systemConsoleEndpoints.moduleFlags>[number];
const KEY = ['moduleFlags'];

/** Parents first, each followed by its children, so the tree reads top-down. */
function ordered(flags: readonly Flag[]): Array<Flag & { depth: number }> {
  const known = new Set(flags.map((flag) => flag.modId));
  const children = new Map<string | null, Flag[]>();
  for (const flag of flags) {
    const parent = flag.parentId && known.has(flag.parentId) ? flag.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), flag]);
  }
  const result: Array<Flag & { depth: number }> = [];
  const visit = (parent: string | null, depth: number) => {
    for (const flag of children.get(parent) ?? []) {
      if (result.some((row) => row.modId === flag.modId)) continue;
      result.push({ ...flag, depth });
      visit(flag.modId, depth + 1);
    }
  };
  visit(null, 0);
  for (const flag of flags) {
    if (!result.some((row) => row.modId === flag.modId)) result.push({ ...flag, depth: 0 });
  }
  return result;
}

export function ModuleFlagsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const flags = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(systemConsoleEndpoints.moduleFlags, { signal }),
  });
  const toggle = useMutation({
    mutationFn: ({ modId, enabled }: { modId: string; enabled: boolean }) =>
      call(systemConsoleEndpoints.setModuleFlag, { params: { modId }, body: { enabled } }),
    onError: (error) => toast.show(errorText(t, error), 'error'),
    onSuccess: (row) =>
      toast.show(
        t(row.enabled ? 'modules.enabledToast' : 'modules.disabledToast', { name: row.name || row.modId }),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });

  const setFlag = (modId: string, enabled: boolean, onError: () => void) => {
    toggle.mutate(
      { modId, enabled },
      {
        onSuccess: (row) =>
          queryClient.setQueryData<Flag[]>(KEY, (rows) =>
            rows?.map((item) => (item.modId === row.modId ? row : item)),
          ),
        onError,
      },
    );
  };

  const columns: Column<Flag & { depth: number }>[] = [
    {
      key: 'modId',
      header: t('modules.modId'),
      render: (flag) => (
        <span className="mono tree-cell" data-depth={Math.min(flag.depth, 3)}>
          {flag.modId}
        </span>
      ),
    },
    {
      key: 'name',
      header: t('modules.name'),
      render: (flag) => <span className="cell-strong">{flag.name}</span>,
    },
    {
      key: 'parent',
      header: t('modules.parent'),
      render: (flag) =>
        flag.parentId ? (
          <span className="mono muted">{flag.parentId}</span>
        ) : (
          <span className="subtle">—</span>
        ),
    },
    {
      key: 'status',
      header: t('common.status'),
      render: (flag) =>
        flag.enabled ? <Badge tone="success">{t('common.on')}</Badge> : <Badge>{t('common.off')}</Badge>,
    },
    {
      key: 'enabled',
      header: <span className="sr-only">{t('modules.switch')}</span>,
      className: 'actions',
      render: (flag) => (
        <FlagSwitch
          flag={flag}
          label={t('modules.enableNamed', { modId: flag.modId })}
          busy={toggle.isPending && toggle.variables?.modId === flag.modId}
          onToggle={setFlag}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('nav.modules')} description={t('modules.description')} />
      <QueryView query={flags}>
        {(data) => (
          <Card>
            <Table
              caption={t('nav.modules')}
              columns={columns}
              rows={ordered(data)}
              rowKey={(flag) => flag.modId}
              empty={<EmptyState icon="modules" title={t('modules.empty')} />}
            />
          </Card>
        )}
      </QueryView>
    </>
  );
}

/**
 * The switch of one flag. It holds its own state so that it flips the moment it is clicked (the query cache
 * notifies a tick later), goes back if the server refuses, and follows the server's value when that changes.
 */
function FlagSwitch({
  flag,
  label,
  busy,
  onToggle,
}: {
  flag: Flag;
  label: string;
  busy: boolean;
  onToggle: (modId: string, enabled: boolean, onError: () => void) => void;
}) {
  const [checked, setChecked] = useState(flag.enabled);
  useEffect(() => setChecked(flag.enabled), [flag.enabled]);
  return (
    <Switch
      label={label}
      hideLabel
      checked={checked}
      disabled={busy}
      onChange={(enabled) => {
        setChecked(enabled);
        onToggle(flag.modId, enabled, () => setChecked(!enabled));
      }}
    />
  );
}
