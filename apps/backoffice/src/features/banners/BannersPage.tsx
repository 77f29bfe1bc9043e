import { BANNER_GROUPS, type BannerRow, contentConsoleEndpoints } from '@tessera/contract';
import { useUrlState } from '@tessera/ui';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../app/CrudPage.tsx';
import { enabledColumn, sortColumn } from '../../app/columns.tsx';
import { Badge } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Select } from '../../ui/Select.tsx';
import type { Column } from '../../ui/Table.tsx';
import { BannerDialog } from './BannerDialog.tsx';
import './banners.css';
import { groupLabel } from './groups.ts';

export function BannersPage() {
  const { t } = useTranslation();
  const [params, update] = useUrlState();
  const group = params.get('group') ?? '';
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
          <span title={t('banners.noLinkWarning')}>
            <Badge tone="warning">{t('banners.noLink')}</Badge>
          </span>
        ),
    },
    sortColumn(t),
    enabledColumn(t),
  ];

  return (
    <CrudPage
      endpoints={contentConsoleEndpoints.banners}
      queryKey="banners"
      query={group ? { groupName: group } : undefined}
      title={t('nav.banners')}
      description={t('banners.description')}
      newLabel={t('banners.new')}
      filter={
        <Select
          label={t('banners.filter')}
          fieldClassName="filter-field"
          value={group}
          onChange={(event) => {
            update({ group: event.target.value }, { replace: true });
          }}
          options={[
            { value: '', label: t('banners.allGroups') },
            ...BANNER_GROUPS.map((value) => ({ value, label: groupLabel(t, value) })),
          ]}
        />
      }
      columns={columns}
      order={(a, b) => a.groupName.localeCompare(b.groupName) || a.sort - b.sort}
      empty={
        <EmptyState
          icon="banners"
          title={group ? t('banners.emptyGroup', { group: groupLabel(t, group) }) : t('banners.empty')}
          description={t('banners.emptyHint')}
        />
      }
      name={bannerName}
      savedMessage={(saved) => t('banners.saved', { name: saved.title || saved.groupName })}
      deleteTitle={t('banners.deleteTitle')}
      editor={(editor) => <BannerDialog {...editor} defaultGroup={group || BANNER_GROUPS[0]} />}
    />
  );
}
