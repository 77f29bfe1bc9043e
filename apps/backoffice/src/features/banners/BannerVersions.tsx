import { type BannerRow, IMAGE_UPLOAD, type LanguageCode } from '@tessera/contract';
import { type ChangeEvent, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { LanguageField, TitleField } from '../content/fields.tsx';
import { languageOptions } from '../content/options.ts';

/** A version of the banner for one language, as the dialog edits it: stored pictures, or files chosen to upload. */
export interface VersionDraft {
  key: number;
  language: LanguageCode;
  title: string;
  imageId: string | null;
  file: File | null;
  phoneImageId: string | null;
  phoneFile: File | null;
  problem?: string | undefined;
}

let nextKey = 0;

/** The chosen file's picture, or the stored one. */
function Preview({ file, imageId, alt }: { file: File | null; imageId: string | null; alt: string }) {
  const { t } = useTranslation();
  const local = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (local ? URL.revokeObjectURL(local) : undefined), [local]);
  const url = local ?? (imageId ? `/images/${imageId}` : null);
  return (
    <div className="banner-preview">
      {url ? <img src={url} alt={alt} /> : <span className="subtle">{t('banners.noPicture')}</span>}
    </div>
  );
}

export function versionDrafts(banner: BannerRow | null): VersionDraft[] {
  return (banner?.versions ?? []).map((version) => ({
    key: nextKey++,
    language: version.language,
    title: version.title,
    imageId: version.imageId,
    file: null,
    phoneImageId: version.phoneImageId,
    phoneFile: null,
  }));
}

/**
 * The banner's versions per language (issue 15): each its own title, image and phone image, shown to readers of its
 * language; a language without one sees the banner's own.
 */
export function BannerVersions({
  drafts,
  onChange,
  errors,
  fileProblem,
}: {
  drafts: VersionDraft[];
  onChange: (drafts: VersionDraft[]) => void;
  errors: Record<string, string>;
  fileProblem: (file: File) => string | undefined;
}) {
  const { t } = useTranslation();
  const change = (key: number, patch: Partial<VersionDraft>) =>
    onChange(drafts.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  const unused = languageOptions(t)
    .map((option) => option.value as LanguageCode)
    .filter((code) => code !== 'EN' && !drafts.some((draft) => draft.language === code));
  const choose = (key: number, field: 'file' | 'phoneFile') => (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? fileProblem(chosen) : undefined;
    if (problem) event.target.value = '';
    change(key, { [field]: problem ? null : chosen, problem });
  };

  return (
    <fieldset className="span-2 banner-versions">
      <legend>{t('banners.versions')}</legend>
      <p className="subtle">{t('banners.versionsHint')}</p>
      {drafts.map((draft, index) => {
        return (
          <div className="banner-version" key={draft.key}>
            <Preview
              file={draft.file}
              imageId={draft.imageId}
              alt={t('banners.versionPreviewAlt', { language: draft.language })}
            />
            <div className="banner-version-fields">
              <LanguageField
                value={draft.language}
                onChange={(language) => change(draft.key, { language })}
                error={errors[`versions.${index}.language`] ?? errors.versions}
              />
              <TitleField
                value={draft.title}
                onChange={(title) => change(draft.key, { title })}
                error={errors[`versions.${index}.title`]}
                maxLength={120}
              />
              <TextField
                label={t('banners.image')}
                type="file"
                accept={IMAGE_UPLOAD.types.join(',')}
                onChange={choose(draft.key, 'file')}
                error={draft.problem ?? errors[`versions.${index}.imageId`]}
                fieldClassName="banner-file"
              />
              <TextField
                label={t('banners.phoneImage')}
                type="file"
                accept={IMAGE_UPLOAD.types.join(',')}
                onChange={choose(draft.key, 'phoneFile')}
                error={errors[`versions.${index}.phoneImageId`]}
                hint={draft.phoneImageId && !draft.phoneFile ? t('banners.phoneImageKept') : undefined}
                fieldClassName="banner-file"
              />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange(drafts.filter((other) => other.key !== draft.key))}
              >
                {t('banners.removeVersion', { language: draft.language })}
              </Button>
            </div>
          </div>
        );
      })}
      {unused[0] ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            onChange([
              ...drafts,
              {
                key: nextKey++,
                language: unused[0] as LanguageCode,
                title: '',
                imageId: null,
                file: null,
                phoneImageId: null,
                phoneFile: null,
              },
            ])
          }
        >
          {t('banners.addVersion')}
        </Button>
      ) : null}
    </fieldset>
  );
}
