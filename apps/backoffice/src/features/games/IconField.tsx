import { useMutation } from '@tanstack/react-query';
import { contentConsoleEndpoints, IMAGE_UPLOAD } from '@tessera/contract';
import { errorText } from '@tessera/ui';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { fieldErrors } from '../../app/errors.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';

const MAX_MB = Math.round(IMAGE_UPLOAD.maxBytes / 1024 / 1024);

/**
 * An icon of the catalogue: the current picture, a file chooser that uploads the chosen image at once (the form
 * then saves its id), and a button that takes the icon away.
 */
export function IconField({
  url,
  onChange,
  error,
}: {
  /** The picture shown now: the saved one or the one just uploaded. */
  url: string;
  onChange: (image: { imageId: string; url: string } | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | undefined>();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(contentConsoleEndpoints.uploadImage, { body: form });
    },
    onSuccess: (image) => onChange({ imageId: image.imageId, url: image.url }),
    onError: (cause) => setProblem(Object.values(fieldErrors(cause))[0] ?? errorText(t, cause)),
  });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(IMAGE_UPLOAD.types as readonly string[]).includes(file.type))
      return setProblem(t('games.iconType'));
    if (file.size > IMAGE_UPLOAD.maxBytes) return setProblem(t('games.iconSize', { max: MAX_MB }));
    setProblem(undefined);
    upload.mutate(file);
  };
  return (
    <div className="span-2 game-icon-row">
      <div className="game-icon-preview">
        {url ? (
          <img src={url} alt={t('games.iconPreview')} />
        ) : (
          <span className="subtle">{t('games.noIcon')}</span>
        )}
      </div>
      <TextField
        label={t('games.icon')}
        type="file"
        accept={IMAGE_UPLOAD.types.join(',')}
        onChange={choose}
        disabled={upload.isPending}
        error={problem ?? error}
        hint={upload.isPending ? t('games.uploading') : t('games.iconHint', { max: MAX_MB })}
      />
      {url ? (
        <Button onClick={() => onChange(null)} disabled={upload.isPending}>
          {t('games.removeIcon')}
        </Button>
      ) : null}
    </div>
  );
}
