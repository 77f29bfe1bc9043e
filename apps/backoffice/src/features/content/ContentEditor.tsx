import { contentConsoleEndpoints, IMAGE_UPLOAD } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { TextArea } from '../../ui/TextField.tsx';

/**
 * Rich content (notices, announcements, help) in a TipTap editor: headings, emphasis, lists, links and pictures
 * uploaded through the console's image store. "Edit HTML" shows the markup itself. The server sanitises the HTML on
 * save; once saved, the editor holds the HTML the server returned.
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
  const labelId = useId();
  const errorId = useId();
  const [source, setSource] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } }), Image],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'rich-text-area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  // The server's sanitised HTML after a save, or the markup typed in "Edit HTML", goes back into the editor.
  useEffect(() => {
    if (editor && !source && value !== (editor.isEmpty ? '' : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value, source]);
  const asSaved = savedHtml !== undefined && savedHtml === value;

  return (
    <div className="field rich-text">
      <p className="field-label content-preview-label" id={labelId}>
        <span>{t('content.content')}</span>
        {asSaved ? <span className="badge badge-success">{t('content.previewSaved')}</span> : null}
      </p>
      {editor ? <Toolbar editor={editor} source={source} onSource={setSource} /> : null}
      {source ? (
        <TextArea
          label={t('content.html')}
          hint={t('content.htmlHint')}
          error={error}
          className="mono content-textarea"
          value={value}
          maxLength={maxLength}
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <>
          <EditorContent editor={editor} className="rich-text-body" />
          {error ? (
            <p id={errorId} className="field-error">
              {error}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function Toolbar({
  editor,
  source,
  onSource,
}: {
  editor: Editor;
  source: boolean;
  onSource: (source: boolean) => void;
}) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();

  const toggleLink = () => {
    if (active.link) {
      chain().unsetLink().run();
      return;
    }
    const href = window.prompt(t('content.linkPrompt'), 'https://');
    if (href && /^(https?:\/\/|\/|mailto:)/.test(href)) chain().setLink({ href }).run();
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(IMAGE_UPLOAD.types as readonly string[]).includes(file.type) || file.size > IMAGE_UPLOAD.maxBytes) {
      setUploadProblem(t('content.imageProblem', { max: Math.round(IMAGE_UPLOAD.maxBytes / 1024 / 1024) }));
      return;
    }
    setUploading(true);
    setUploadProblem(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const stored = await call(contentConsoleEndpoints.uploadImage, { body: form });
      chain()
        .setImage({ src: stored.url, alt: file.name.replace(/\.[a-z0-9]+$/i, '') })
        .run();
    } catch (cause) {
      setUploadProblem(errorText(t, cause));
    } finally {
      setUploading(false);
    }
  };

  const button = (label: string, pressed: boolean, run: () => void, text: string) => (
    <button
      type="button"
      className="rich-text-button"
      aria-label={label}
      aria-pressed={pressed}
      disabled={source}
      // A click keeps the editor's focus and selection, so typing goes on where it was.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );

  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label={t('content.toolbar')}>
      {button(t('content.bold'), active.bold, () => chain().toggleBold().run(), 'B')}
      {button(t('content.italic'), active.italic, () => chain().toggleItalic().run(), 'I')}
      {button(t('content.heading2'), active.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
      {button(t('content.heading3'), active.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
      {button(t('content.bulletList'), active.bullets, () => chain().toggleBulletList().run(), '•')}
      {button(t('content.numberedList'), active.numbers, () => chain().toggleOrderedList().run(), '1.')}
      {button(t('content.link'), active.link, toggleLink, t('content.link'))}
      <button
        type="button"
        className="rich-text-button"
        disabled={source || uploading}
        onClick={() => fileRef.current?.click()}
      >
        {uploading ? t('content.uploading') : t('content.insertImage')}
      </button>
      <input
        ref={fileRef}
        type="file"
        hidden
        accept={IMAGE_UPLOAD.types.join(',')}
        aria-label={t('content.insertImage')}
        onChange={(event) => void upload(event)}
      />
      <button
        type="button"
        className="rich-text-button rich-text-source"
        aria-pressed={source}
        onClick={() => onSource(!source)}
      >
        {t('content.editHtml')}
      </button>
      {uploadProblem ? (
        <p className="field-error" role="alert">
          {uploadProblem}
        </p>
      ) : null}
    </div>
  );
}
