import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../app/CrudPage.tsx';
import type { CrudEndpoints, Editor, RowOf } from '../../app/crud.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import type { Column } from '../../ui/Table.tsx';
import { useLanguageFilter } from './fields.tsx';
import { type Previewable, useSavedPreview } from './SavedPreview.tsx';
import './content.css';

type ContentRow = Previewable & { language: string };

/**
 * A list of the site's texts in several languages (notices, announcements): the console's crud page with the
 * language filter, a Preview button on each row, and the text just saved (or previewed) shown below the table.
 */
export function ContentListPage<C extends CrudEndpoints>({
  area,
  endpoints,
  columns,
  editor,
}: {
  /** The list's query key, icon, and the key of its texts (nav.<area>, <area>.description …). */
  area: 'notices' | 'announcements';
  endpoints: C;
  columns: readonly Column<RowOf<C>>[];
  editor: (editor: Editor<C>) => ReactNode;
}) {
  type Row = RowOf<C> & ContentRow;
  const { t } = useTranslation();
  const preview = useSavedPreview<Row>();
  const languages = useLanguageFilter<Row>();
  return (
    <CrudPage
      endpoints={endpoints}
      queryKey={area}
      title={t(`nav.${area}`)}
      description={t(`${area}.description`)}
      newLabel={t(`${area}.new`)}
      columns={columns}
      filter={languages.filter}
      shown={(row) => languages.shown(row as Row)}
      rowActions={(row) => preview.button(row as Row)}
      empty={<EmptyState icon={area} title={t(`${area}.empty`)} description={t(`${area}.emptyHint`)} />}
      name={(row) => (row as Row).title}
      // The contract's crud answers a save with the row as the list has it.
      savedMessage={(saved) => t(`${area}.saved`, { title: (saved as Row).title })}
      onSaved={(saved) => preview.show(saved as Row)}
      deleteTitle={t(`${area}.deleteTitle`)}
      onDeleted={(row) => preview.forget(row as Row)}
      editor={editor}
    >
      {preview.card}
    </CrudPage>
  );
}
