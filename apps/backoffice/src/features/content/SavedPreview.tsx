import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { HtmlPreview } from '../../ui/HtmlPreview.tsx';

/** The content of one saved item exactly as the server returned it (sanitised on save). */
function SavedPreview({ title, html, onClose }: { title: string; html: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Card
      className="saved-preview"
      title={t('content.savedPreviewTitle', { title })}
      description={t('content.savedPreviewHint')}
      actions={
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('content.hidePreview')}
        </Button>
      }
    >
      <HtmlPreview html={html} />
    </Card>
  );
}

export interface Previewable {
  id: number;
  title: string;
  content: string;
}

/**
 * The saved row whose content a list shows below it: the one whose Preview button was pressed, or the one just
 * saved. Deleting it hides it.
 */
export function useSavedPreview<Row extends Previewable>() {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<Row | null>(null);
  return {
    show: (row: Row) => setPreviewing(row),
    hide: () => setPreviewing(null),
    forget: (row: Row) => {
      if (previewing?.id === row.id) setPreviewing(null);
    },
    button: (row: Row) => (
      <RowButton
        icon="eye"
        aria-label={t('content.previewNamed', { title: row.title })}
        onClick={() => setPreviewing(row)}
      >
        {t('content.preview')}
      </RowButton>
    ),
    card: previewing ? (
      <SavedPreview title={previewing.title} html={previewing.content} onClose={() => setPreviewing(null)} />
    ) : null,
  };
}
