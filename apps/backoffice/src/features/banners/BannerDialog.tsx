import { BANNER_GROUPS, type BannerRow, contentConsoleEndpoints, IMAGE_UPLOAD } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import type { Editor } from '../../app/crud.ts';
import { FormDialog } from '../../app/dialogs.tsx';
import { fieldErrors } from '../../app/errors.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { SortField, TitleField } from '../content/fields.tsx';
import { toSort } from '../content/options.ts';
import { BannerVersions, type VersionDraft, versionDrafts } from './BannerVersions.tsx';
import { groupLabel } from './groups.ts';

type LinkageType = BannerRow['linkageType'];

const LINK_TYPES: readonly LinkageType[] = ['', 'INTERNAL', 'EXTERNAL'];

export function BannerDialog({
  row: banner,
  defaultGroup,
  saving,
  error,
  onClose,
  onSave,
}: Editor<typeof contentConsoleEndpoints.banners> & { defaultGroup: string }) {
  const { t } = useTranslation();
  const [groupName, setGroupName] = useState(banner?.groupName ?? defaultGroup);
  const [title, setTitle] = useState(banner?.title ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [linkageType, setLinkageType] = useState<LinkageType>(banner?.linkageType ?? '');
  const [linkUrl, setLinkUrl] = useState(banner?.linkUrl ?? '');
  const [sort, setSort] = useState(String(banner?.sort ?? 0));
  const [enabled, setEnabled] = useState(banner?.enabled ?? true);
  // The phone image (issue 15): optional; kept, replaced by a chosen file, or removed.
  const [phoneImageId, setPhoneImageId] = useState<string | null>(banner?.phoneImageId ?? null);
  const [phoneFile, setPhoneFile] = useState<File | null>(null);
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [versions, setVersions] = useState<VersionDraft[]>(() => versionDrafts(banner));
  const errors = fieldErrors(error);

  const localUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (localUrl ? URL.revokeObjectURL(localUrl) : undefined), [localUrl]);
  const previewUrl = localUrl ?? banner?.url ?? null;
  const phoneLocalUrl = useMemo(() => (phoneFile ? URL.createObjectURL(phoneFile) : null), [phoneFile]);
  useEffect(() => () => (phoneLocalUrl ? URL.revokeObjectURL(phoneLocalUrl) : undefined), [phoneLocalUrl]);
  const phonePreviewUrl = phoneLocalUrl ?? (phoneImageId ? `/images/${phoneImageId}` : null);

  const groups = BANNER_GROUPS.includes(groupName as (typeof BANNER_GROUPS)[number])
    ? BANNER_GROUPS
    : [groupName, ...BANNER_GROUPS];

  /** What is wrong with a chosen file, if anything. */
  const fileProblem = (chosen: File) => {
    if (!(IMAGE_UPLOAD.types as readonly string[]).includes(chosen.type)) return t('banners.imageType');
    if (chosen.size > IMAGE_UPLOAD.maxBytes)
      return t('banners.imageSize', { max: Math.round(IMAGE_UPLOAD.maxBytes / 1024 / 1024) });
    return undefined;
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setUploadError(null);
    const problem = chosen ? fileProblem(chosen) : undefined;
    if (problem) event.target.value = '';
    setImageError(problem);
    setFile(problem ? null : chosen);
  };

  const choosePhoneFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setUploadError(null);
    const problem = chosen ? fileProblem(chosen) : undefined;
    if (problem) event.target.value = '';
    setPhoneError(problem);
    setPhoneFile(problem ? null : chosen);
  };

  const upload = async (chosen: File) => {
    const form = new FormData();
    form.append('file', chosen);
    return (await call(contentConsoleEndpoints.uploadImage, { body: form })).imageId;
  };

  const submit = async () => {
    if (imageError || phoneError || versions.some((version) => version.problem)) return;
    const missing = versions.filter((version) => !version.imageId && !version.file);
    if (missing.length > 0) {
      setVersions(
        versions.map((version) =>
          missing.includes(version) ? { ...version, problem: t('banners.imageRequired') } : version,
        ),
      );
      return;
    }
    let imageId = banner?.imageId ?? '';
    let phoneId = phoneImageId;
    let stored = versions;
    if (file || phoneFile || versions.some((version) => version.file || version.phoneFile)) {
      setUploading(true);
      setUploadError(null);
      try {
        if (file) imageId = await upload(file);
        if (phoneFile) {
          phoneId = await upload(phoneFile);
          setPhoneImageId(phoneId);
          setPhoneFile(null);
        }
        stored = [];
        for (const version of versions) {
          stored.push({
            ...version,
            imageId: version.file ? await upload(version.file) : version.imageId,
            file: null,
            phoneImageId: version.phoneFile ? await upload(version.phoneFile) : version.phoneImageId,
            phoneFile: null,
          });
        }
        setVersions(stored);
      } catch (cause) {
        setUploadError(cause);
        return;
      } finally {
        setUploading(false);
      }
    }
    if (!imageId) {
      setImageError(t('banners.imageRequired'));
      return;
    }
    onSave({
      versions: stored.map((version) => ({
        language: version.language,
        title: version.title,
        imageId: version.imageId ?? '',
        phoneImageId: version.phoneImageId,
      })),
      groupName,
      title,
      imageId,
      phoneImageId: phoneId,
      linkageType,
      linkUrl,
      sort: toSort(sort),
      enabled,
    });
  };

  const uploadFields = fieldErrors(uploadError);
  const imageMessage =
    imageError ??
    (uploadError ? (Object.values(uploadFields)[0] ?? errorText(t, uploadError)) : undefined) ??
    errors.imageId;

  return (
    <FormDialog
      size="lg"
      title={banner ? t('banners.editTitle') : t('banners.newTitle')}
      saveLabel={t('banners.save')}
      saving={saving || uploading}
      error={error}
      shownFields={[
        'groupName',
        'title',
        'imageId',
        'phoneImageId',
        'linkageType',
        'linkUrl',
        'sort',
        'enabled',
        'versions',
        ...versions.flatMap((_, index) =>
          ['language', 'title', 'imageId', 'phoneImageId'].map((field) => `versions.${index}.${field}`),
        ),
      ]}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <div className="form-grid">
        <Select
          label={t('banners.group')}
          value={groupName}
          options={groups.map((value) => ({ value, label: groupLabel(t, value) }))}
          onChange={(event) => setGroupName(event.target.value)}
          error={errors.groupName}
        />
        <TitleField value={title} onChange={setTitle} error={errors.title} maxLength={120} />
        <div className="span-2 banner-image-row">
          <div className="banner-preview" aria-hidden={previewUrl ? undefined : true}>
            {previewUrl ? (
              <img src={previewUrl} alt={t('banners.previewAlt')} />
            ) : (
              <span className="subtle">{t('banners.noPicture')}</span>
            )}
          </div>
          <TextField
            label={t('banners.image')}
            type="file"
            accept={IMAGE_UPLOAD.types.join(',')}
            onChange={chooseFile}
            error={imageMessage}
            hint={t('banners.imageHint', { max: Math.round(IMAGE_UPLOAD.maxBytes / 1024 / 1024) })}
            fieldClassName="banner-file"
          />
        </div>
        <div className="span-2 banner-image-row">
          <div
            className="banner-preview banner-preview--phone"
            aria-hidden={phonePreviewUrl ? undefined : true}
          >
            {phonePreviewUrl ? (
              <img src={phonePreviewUrl} alt={t('banners.phonePreviewAlt')} />
            ) : (
              <span className="subtle">{t('banners.noPhonePicture')}</span>
            )}
          </div>
          <div className="banner-phone-fields">
            <TextField
              label={t('banners.phoneImage')}
              type="file"
              accept={IMAGE_UPLOAD.types.join(',')}
              onChange={choosePhoneFile}
              error={phoneError ?? errors.phoneImageId}
              hint={t('banners.phoneImageHint')}
              fieldClassName="banner-file"
            />
            {phoneImageId && !phoneFile ? (
              <Button variant="ghost" size="sm" onClick={() => setPhoneImageId(null)}>
                {t('banners.removePhoneImage')}
              </Button>
            ) : null}
          </div>
        </div>
        <Select
          label={t('banners.linkType')}
          value={linkageType}
          options={LINK_TYPES.map((value) => ({ value, label: t(`banners.linkTypes.${value || 'none'}`) }))}
          onChange={(event) => setLinkageType(event.target.value as LinkageType)}
          error={errors.linkageType}
        />
        <TextField
          label={t('banners.link')}
          value={linkUrl}
          placeholder={linkageType === 'EXTERNAL' ? 'https://' : '/lottery'}
          onChange={(event) => setLinkUrl(event.target.value)}
          error={errors.linkUrl}
        />
        {linkageType === '' || linkUrl.trim() === '' ? (
          <div className="span-2">
            <Alert tone="warning">{t('banners.noLinkWarning')}</Alert>
          </div>
        ) : null}
        <BannerVersions drafts={versions} onChange={setVersions} errors={errors} fileProblem={fileProblem} />
        <SortField value={sort} onChange={setSort} error={errors.sort} />
        <div className="checkbox-cell">
          <Checkbox
            label={t('common.enabled')}
            checked={enabled}
            onChange={setEnabled}
            error={errors.enabled}
          />
        </div>
      </div>
    </FormDialog>
  );
}
