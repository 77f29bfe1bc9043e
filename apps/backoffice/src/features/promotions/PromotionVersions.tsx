import {
  type ConsolePromotion,
  contentConsoleEndpoints,
  IMAGE_UPLOAD,
  type PromotionBody,
  SUPPORTED_LANGUAGES,
} from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { Tabs } from '@tessera/ui/tabs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { ContentEditor } from '../content/ContentEditor.tsx';

type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** One language's version as the dialog edits it. */
interface VersionDraft {
  title: string;
  content: string;
  imageId: string | null;
}
type VersionDrafts = Record<Language, VersionDraft>;

/** The promotion's saved versions, an empty draft for a language it has none in. */
export function versionDrafts(row: ConsolePromotion | null): VersionDrafts {
  const drafts = {} as VersionDrafts;
  for (const language of SUPPORTED_LANGUAGES) {
    const saved = row?.versions.find((item) => item.language === language);
    drafts[language] = {
      title: saved?.title ?? '',
      content: saved?.content ?? '',
      imageId: saved?.imageId ?? null,
    };
  }
  return drafts;
}

/** The languages sent: English always, another when anything of it is filled in (the server wants its title then). */
const written = (drafts: VersionDrafts) =>
  SUPPORTED_LANGUAGES.filter((language) => {
    const draft = drafts[language];
    return language === 'EN' || draft.title.trim() !== '' || draft.content !== '' || draft.imageId !== null;
  });

export function versionsBody(drafts: VersionDrafts): PromotionBody['versions'] {
  return written(drafts).map((language) => ({ language, ...drafts[language] }));
}

/** The field paths of the versions' messages, for the dialog's list of fields it shows beside their controls. */
export const versionFields = SUPPORTED_LANGUAGES.flatMap((_, index) =>
  ['title', 'content', 'imageId'].map((field) => `versions.${index}.${field}`),
);

/**
 * A promotion's title, content (the rich-text editor) and image in each language, one tab per language. English is
 * required; a reader of another language sees its version, falling back to English's title, content or image where
 * that version has none (promotions.ts on the server).
 */
export function PromotionVersions({
  drafts,
  saved,
  onChange,
  errors,
}: {
  drafts: VersionDrafts;
  /** The versions as last saved, for the editor's "as saved" mark. */
  saved: ConsolePromotion | null;
  onChange: (drafts: VersionDrafts) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Language>('EN');
  const [uploadErrors, setUploadErrors] = useState<Partial<Record<Language, string>>>({});
  const change = (language: Language, patch: Partial<VersionDraft>) =>
    onChange({ ...drafts, [language]: { ...drafts[language], ...patch } });
  const sent = written(drafts);
  const fieldError = (language: Language, field: string) => {
    const index = sent.indexOf(language);
    return index < 0 ? undefined : errors[`versions.${index}.${field}`];
  };
  // A save refused for a version's field shows that version's tab, where its message stands beside the field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer of the server, not per keystroke.
  useEffect(() => {
    const refused = sent.find((_, index) =>
      Object.keys(errors).some((key) => key.startsWith(`versions.${index}.`)),
    );
    if (refused) setShown(refused);
  }, [errors]);
  const upload = async (language: Language, chosen: File) => {
    setUploadErrors((current) => ({ ...current, [language]: undefined }));
    const form = new FormData();
    form.append('file', chosen);
    try {
      change(language, {
        imageId: (await call(contentConsoleEndpoints.uploadImage, { body: form })).imageId,
      });
    } catch (problem) {
      setUploadErrors((current) => ({ ...current, [language]: errorText(t, problem) }));
    }
  };

  return (
    <Tabs
      label={t('promotions.versions')}
      selected={shown}
      onSelect={setShown}
      tabs={SUPPORTED_LANGUAGES.map((language) => {
        const draft = drafts[language];
        const name = t(`promotions.languages.${language}`);
        const english = language === 'EN';
        return {
          key: language,
          label: name,
          panel: (
            <div className="stack">
              <p className="subtle">{english ? t('promotions.englishHint') : t('promotions.versionHint')}</p>
              <div className="form-grid">
                <TextField
                  label={t('promotions.titleIn', { language: name })}
                  value={draft.title}
                  maxLength={120}
                  onChange={(event) => change(language, { title: event.target.value })}
                  error={fieldError(language, 'title') ?? (english ? errors.versions : undefined)}
                />
                <div className="stack">
                  <TextField
                    label={t('promotions.imageIn', { language: name })}
                    type="file"
                    accept={IMAGE_UPLOAD.types.join(',')}
                    onChange={(event) => {
                      const chosen = event.target.files?.[0];
                      if (chosen) void upload(language, chosen);
                    }}
                    error={uploadErrors[language] ?? fieldError(language, 'imageId')}
                    hint={t('promotions.imageHint')}
                  />
                  {draft.imageId ? (
                    <div className="promotion-image">
                      <img
                        className="promotion-image-preview"
                        src={`/images/${draft.imageId}`}
                        alt={t('promotions.imageIn', { language: name })}
                      />
                      <Button size="sm" variant="ghost" onClick={() => change(language, { imageId: null })}>
                        {t('promotions.removeImage', { language: name })}
                      </Button>
                    </div>
                  ) : null}
                </div>
              </div>
              <ContentEditor
                value={draft.content}
                onChange={(content) => change(language, { content })}
                error={fieldError(language, 'content')}
                savedHtml={saved?.versions.find((item) => item.language === language)?.content}
                maxLength={50_000}
              />
            </div>
          ),
        };
      })}
    />
  );
}
