import { useTranslation } from 'react-i18next';
import { HtmlPreview } from '../../ui/HtmlPreview.tsx';
import { TextArea } from '../../ui/TextField.tsx';

/**
 * HTML content in a textarea beside a live preview. The server sanitises the HTML on save; once saved, the
 * textarea and preview hold the HTML the server returned.
 */
export function ContentEditor({
  value,
  onChange,
  error,
  savedHtml,
  maxLength,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The content as the server returned it after the last save, if any. */
  savedHtml?: string;
  maxLength: number;
}) {
  const { t } = useTranslation();
  const asSaved = savedHtml !== undefined && savedHtml === value;
  return (
    <div className="content-editor">
      <TextArea
        label={t('content.content')}
        hint={t('content.htmlHint')}
        error={error}
        className="mono content-textarea"
        value={value}
        maxLength={maxLength}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="field">
        <p className="field-label content-preview-label">
          <span>{t('content.preview')}</span>
          <span className={`badge ${asSaved ? 'badge-success' : 'badge-accent'}`}>
            {asSaved ? t('content.previewSaved') : t('content.previewLive')}
          </span>
        </p>
        <HtmlPreview html={value} label={t('content.preview')} className="content-preview" />
      </div>
    </div>
  );
}
