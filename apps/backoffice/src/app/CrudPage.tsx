import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, RowButton } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Icon } from '../ui/Icon.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { actionsColumn, type Column, Table } from '../ui/Table.tsx';
import {
  type CrudEditing,
  type CrudEditingOptions,
  type CrudEndpoints,
  type Editor,
  type RowOf,
  useCrudEditing,
} from './crud.ts';
import { DeleteDialog } from './dialogs.tsx';
import { QueryView } from './QueryView.tsx';

/** A row's Edit button, and its Delete button where rows can be deleted, after any buttons of the page's own. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  onEdit: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {children}
      <RowButton icon="edit" aria-label={t('common.editNamed', { name })} onClick={onEdit}>
        {t('common.edit')}
      </RowButton>
      {onDelete ? (
        <RowButton icon="trash" aria-label={t('common.deleteNamed', { name })} onClick={onDelete}>
          {t('common.delete')}
        </RowButton>
      ) : null}
    </>
  );
}

export interface CrudDialogsProps<C extends CrudEndpoints> {
  /** Draws the editor dialog of the row being edited. */
  editor: (editor: Editor<C>) => ReactNode;
  /** The title of the delete confirmation; without it rows cannot be deleted. */
  deleteTitle?: string;
  /** The question of the delete confirmation, when it says more than the usual one. */
  deleteMessage?: (name: string) => string;
}

/** The editor dialog while a row is edited, and the confirmation while one is about to be deleted. */
export function CrudDialogs<C extends CrudEndpoints>({
  crud,
  editor,
  deleteTitle,
  deleteMessage,
}: CrudDialogsProps<C> & { crud: CrudEditing<C> }) {
  const { t } = useTranslation();
  const { deletion } = crud;
  return (
    <>
      {crud.editor ? editor(crud.editor) : null}
      {deleteTitle && deletion ? (
        <DeleteDialog
          title={deleteTitle}
          message={
            deleteMessage
              ? deleteMessage(crud.name(deletion.row))
              : t('common.deleteConfirm', { name: crud.name(deletion.row) })
          }
          busy={deletion.busy}
          error={deletion.error}
          onCancel={deletion.onCancel}
          onConfirm={deletion.onConfirm}
        />
      ) : null}
    </>
  );
}

export interface CrudPageProps<C extends CrudEndpoints> extends CrudEditingOptions<C>, CrudDialogsProps<C> {
  endpoints: C;
  queryKey: string;
  /** The page's heading, also the name of its table. */
  title: string;
  description: string;
  newLabel: string;
  /** Controls before the New button, such as a filter of the list. */
  filter?: ReactNode;
  /** Which rows the filter lets through (all without one). */
  shown?: (row: RowOf<C>) => boolean;
  columns: readonly Column<RowOf<C>>[];
  /** Buttons of a row before its Edit and Delete buttons. */
  rowActions?: (row: RowOf<C>) => ReactNode;
  order?: (a: RowOf<C>, b: RowOf<C>) => number;
  /** Shown in place of the table when the list is empty. */
  empty: ReactNode;
  /** Shown below the table. */
  children?: ReactNode;
}

/** The page of one crud list: its header with the New button, its table with each row's buttons, and dialogs. */
export function CrudPage<C extends CrudEndpoints>({
  endpoints,
  queryKey,
  title,
  description,
  newLabel,
  filter,
  shown,
  columns,
  rowActions,
  order,
  empty,
  children,
  editor,
  deleteTitle,
  deleteMessage,
  ...options
}: CrudPageProps<C>) {
  const { t } = useTranslation();
  const crud = useCrudEditing(endpoints, queryKey, options);
  const allColumns = [
    ...columns,
    actionsColumn<RowOf<C>>(t('common.actions'), (row) => (
      <RowActions
        name={crud.name(row)}
        onEdit={() => crud.edit(row)}
        onDelete={deleteTitle ? () => crud.askDelete(row) : undefined}
      >
        {rowActions?.(row)}
      </RowActions>
    )),
  ];
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {filter}
            <Button variant="primary" icon={<Icon name="plus" />} onClick={() => crud.edit('new')}>
              {newLabel}
            </Button>
          </>
        }
      />
      <div className="stack-lg">
        <QueryView query={crud.list}>
          {(rows) => (
            <Card>
              <Table
                caption={title}
                columns={allColumns}
                rows={(order ? [...rows].sort(order) : rows).filter((row) => shown?.(row) ?? true)}
                rowKey={(row) => row.id}
                empty={empty}
              />
            </Card>
          )}
        </QueryView>
        {children}
      </div>
      <CrudDialogs crud={crud} editor={editor} deleteTitle={deleteTitle} deleteMessage={deleteMessage} />
    </>
  );
}
