import { useTranslation } from 'react-i18next';
import { Button, RowButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { HtmlPreview } from '../../ui/HtmlPreview.tsx';

/** The content of one saved item exactly as the server returned it (sanitised on save). */
export function SavedPreview({ title, html, onClose }: { title: string; html: string; onClose: () => void }) {
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

/** The button of a row that shows its saved content in a SavedPreview. */
export function PreviewButton({ title, onClick }: { title: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowButton icon="eye" aria-label={t('content.previewNamed', { title })} onClick={onClick}>
      {t('content.preview')}
    </RowButton>
  );
}
