import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  APPLICATION_STATUSES,
  promotionConsoleEndpoints as api,
  type ConsoleApplication,
  type QueryOf,
} from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '../../app/access.ts';
import { call } from '../../app/api.ts';
import { formatDateTime } from '../../app/dates.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { FilterSelect, SearchListPage } from '../../app/SearchListPage.tsx';
import { oneOf, useSearchList } from '../../app/searchList.ts';
import { useSession } from '../../app/session.ts';
import { RowButton } from '../../ui/Button.tsx';
import { actionsColumn } from '../../ui/Table.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';

type Query = QueryOf<typeof api.applications>;
const FILTERS = ['status'] as const;

function toQuery(applied: Record<(typeof FILTERS)[number], string>): Partial<Query> {
  return { status: oneOf(APPLICATION_STATUSES, applied.status) };
}

type Decision = { row: ConsoleApplication; approve: boolean };

/**
 * The activity applications queue: each member's remark and images; operations approve one with an amount within
 * the promotion's budget (the member then claims it) or reject it with the reason the member sees.
 */
export function ApplicationsPage() {
  const { t, i18n } = useTranslation();
  const { operator } = useSession();
  const list = useSearchList(api.applications, FILTERS, toQuery);
  const currency = list.query.data?.currency ?? '';
  const decides = mayCall(operator?.role, api.approve);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const openImage = async (row: ConsoleApplication, imageId: string) => {
    const found = await call(api.applicationImage, { params: { id: row.id, imageId } });
    setImage(`data:${found.contentType};base64,${found.data}`);
  };
  return (
    <>
      <SearchListPage
        page="promotionApplications"
        list={list}
        columns={[
          {
            key: 'member',
            header: t('promotionApplications.member'),
            render: (row: ConsoleApplication) => (
              <>
                <span className="cell-strong">{row.username}</span>
                <span className="cell-below">{row.promotionTitle}</span>
              </>
            ),
          },
          {
            key: 'remark',
            header: t('promotionApplications.remark'),
            render: (row: ConsoleApplication) => (
              <>
                <span>{row.remark || '—'}</span>
                {row.images.map((imageId, index) => (
                  <RowButton
                    key={imageId}
                    icon="search"
                    onClick={() => void openImage(row, imageId)}
                    aria-label={t('promotionApplications.imageNamed', { n: index + 1, name: row.username })}
                  >
                    {t('promotionApplications.image', { n: index + 1 })}
                  </RowButton>
                ))}
              </>
            ),
          },
          {
            key: 'created',
            header: t('promotionApplications.createdAt'),
            render: (row: ConsoleApplication) => formatDateTime(row.createdAt, i18n.language),
          },
          {
            key: 'status',
            header: t('common.status'),
            render: (row: ConsoleApplication) => (
              <>
                <span className="cell-strong">{t(`promotionApplications.statuses.${row.status}`)}</span>
                <span className="cell-below">
                  {row.amount !== null ? `${row.amount} ${currency}` : row.reason}
                </span>
              </>
            ),
          },
          ...(decides
            ? [
                actionsColumn<ConsoleApplication>(t('common.actions'), (row) =>
                  row.status === 'applying' ? (
                    <>
                      <RowButton
                        icon="check"
                        aria-label={t('promotionApplications.approveNamed', { name: row.username })}
                        onClick={() => setDeciding({ row, approve: true })}
                      >
                        {t('promotionApplications.approve')}
                      </RowButton>
                      <RowButton
                        icon="trash"
                        aria-label={t('promotionApplications.rejectNamed', { name: row.username })}
                        onClick={() => setDeciding({ row, approve: false })}
                      >
                        {t('promotionApplications.reject')}
                      </RowButton>
                    </>
                  ) : null,
                ),
              ]
            : []),
        ]}
        filters={
          <FilterSelect
            name="status"
            label={t('common.status')}
            options={[
              { value: '', label: t('promotionApplications.allStatuses') },
              ...APPLICATION_STATUSES.map((status) => ({
                value: status,
                label: t(`promotionApplications.statuses.${status}`),
              })),
            ]}
          />
        }
      />
      {deciding ? <DecisionDialog decision={deciding} onClose={() => setDeciding(null)} /> : null}
      {image ? (
        <FormDialog
          title={t('promotionApplications.imageTitle')}
          saveLabel={t('common.close')}
          saving={false}
          error={null}
          shownFields={[]}
          onClose={() => setImage(null)}
          onSubmit={() => setImage(null)}
        >
          <img src={image} alt={t('promotionApplications.imageTitle')} style={{ maxWidth: '100%' }} />
        </FormDialog>
      ) : null}
    </>
  );
}

function DecisionDialog({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const { row, approve } = decision;
  const save = useMutation({
    mutationFn: () =>
      approve
        ? call(api.approve, { params: { id: row.id }, body: { amount: Number(value) } })
        : call(api.reject, { params: { id: row.id }, body: { reason: value } }),
    onSuccess: () => {
      toast.show(
        t(approve ? 'promotionApplications.approved' : 'promotionApplications.rejected', {
          name: row.username,
        }),
      );
      void queryClient.invalidateQueries();
      onClose();
    },
  });
  const errors = fieldErrors(save.error);
  return (
    <FormDialog
      title={t(approve ? 'promotionApplications.approveNamed' : 'promotionApplications.rejectNamed', {
        name: row.username,
      })}
      saveLabel={t(approve ? 'promotionApplications.approve' : 'promotionApplications.reject')}
      saving={save.isPending}
      error={save.error}
      shownFields={[approve ? 'amount' : 'reason']}
      onClose={onClose}
      onSubmit={() => save.mutate()}
    >
      <TextField
        label={t(approve ? 'promotionApplications.amount' : 'promotionApplications.reason')}
        inputMode={approve ? 'decimal' : undefined}
        maxLength={approve ? 20 : 500}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={approve ? errors.amount : errors.reason}
      />
    </FormDialog>
  );
}
