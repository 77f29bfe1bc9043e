import { BANNER_GROUPS, type BannerRow, backofficeEndpoints } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCrud } from '../../app/crud.ts';
import { errorText, QueryError } from '../../app/errors.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ConfirmDialog } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { LoadingState } from '../../ui/Spinner.tsx';
import { type Column, Table } from '../../ui/Table.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { BannerDialog } from './BannerDialog.tsx';
import './banners.css';
import { groupLabel } from './groups.ts';

export function BannersPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const group = params.get('group') ?? '';
  const { list, save, remove } = useCrud(
    backofficeEndpoints.banners,
    'banners',
    group ? { groupName: group } : undefined,
  );
  const [editing, setEditing] = useState<BannerRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BannerRow | null>(null);

  const open = (banner: BannerRow | 'new') => {
    save.reset();
    setEditing(banner);
  };
  const bannerName = (banner: BannerRow) => banner.title || groupLabel(t, banner.groupName);

  const columns: Column<BannerRow>[] = [
    {
      key: 'image',
      header: t('banners.image'),
      cellLabel: t('banners.image'),
      render: (banner) => (
        <img className="table-thumb" src={banner.url} alt={bannerName(banner)} loading="lazy" />
      ),
    },
    {
      key: 'title',
      header: t('common.title'),
      render: (banner) =>
        banner.title ? (
          <span className="cell-strong">{banner.title}</span>
        ) : (
          <span className="subtle">{t('banners.untitled')}</span>
        ),
    },
    {
      key: 'group',
      header: t('banners.group'),
      render: (banner) => <span className="mono">{banner.groupName}</span>,
    },
    {
      key: 'link',
      header: t('banners.linkage'),
      render: (banner) =>
        banner.linkageType ? (
          <span className="title-cell">
            <Badge tone="accent">{t(`banners.linkTypes.${banner.linkageType}`)}</Badge>
            <span className="cell-sub mono link-cell">{banner.linkUrl}</span>
          </span>
        ) : (
          <span className="subtle">{t('banners.linkTypes.none')}</span>
        ),
    },
    { key: 'sort', header: t('common.sortOrder'), className: 'num', render: (banner) => banner.sort },
    {
      key: 'enabled',
      header: t('common.status'),
      render: (banner) =>
        banner.enabled ? (
          <Badge tone="success">{t('common.enabled')}</Badge>
        ) : (
          <Badge>{t('common.disabled')}</Badge>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      className: 'actions',
      cellLabel: t('common.actions'),
      render: (banner) => (
        <>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="edit" size={14} />}
            aria-label={t('common.editNamed', { name: bannerName(banner) })}
            onClick={() => open(banner)}
          >
            {t('common.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<Icon name="trash" size={14} />}
            aria-label={t('common.deleteNamed', { name: bannerName(banner) })}
            onClick={() => {
              remove.reset();
              setDeleting(banner);
            }}
          >
            {t('common.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('nav.banners')}
        description={t('banners.description')}
        actions={
          <>
            <Select
              label={t('banners.filter')}
              fieldClassName="filter-field"
              value={group}
              onChange={(event) => {
                const next = new URLSearchParams(params);
                if (event.target.value) next.set('group', event.target.value);
                else next.delete('group');
                setParams(next, { replace: true });
              }}
              options={[
                { value: '', label: t('banners.allGroups') },
                ...BANNER_GROUPS.map((value) => ({ value, label: groupLabel(t, value) })),
              ]}
            />
            <Button variant="primary" icon={<Icon name="plus" />} onClick={() => open('new')}>
              {t('banners.new')}
            </Button>
          </>
        }
      />
      {list.isPending ? <LoadingState label={t('common.loading')} /> : null}
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <Card>
          <Table
            caption={t('nav.banners')}
            columns={columns}
            rows={[...list.data].sort((a, b) => a.groupName.localeCompare(b.groupName) || a.sort - b.sort)}
            rowKey={(banner) => banner.id}
            empty={
              <EmptyState
                icon="banners"
                title={group ? t('banners.emptyGroup', { group: groupLabel(t, group) }) : t('banners.empty')}
                description={t('banners.emptyHint')}
              />
            }
          />
        </Card>
      ) : null}
      {editing ? (
        <BannerDialog
          banner={editing === 'new' ? null : editing}
          defaultGroup={group || BANNER_GROUPS[0]}
          saving={save.isPending}
          error={save.error}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            save.mutate(
              { id: editing === 'new' ? undefined : editing.id, body },
              {
                onSuccess: (saved) => {
                  setEditing(null);
                  toast.show(t('banners.saved', { name: saved.title || saved.groupName }));
                },
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('banners.deleteTitle')}
        message={t('common.deleteConfirm', { name: deleting ? bannerName(deleting) : '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        error={remove.error ? <Alert tone="error" title={errorText(remove.error, t)} /> : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.show(t('common.deleted', { name: bannerName(deleting) }));
            },
          })
        }
      />
    </>
  );
}
