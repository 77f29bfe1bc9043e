import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../ui/Select.tsx';
import { TextArea } from '../ui/TextField.tsx';

/**
 * The reason of a rejection: one of the presets (stored as its code, which the site translates into the member's
 * language), or the operator's own words for anything else (shown to the member as written: free text cannot be
 * translated). `onChange` receives the code or the text.
 */
export function RejectReasonField({
  presets,
  labels,
  hint,
  maxLength,
  error,
  onChange,
}: {
  presets: readonly string[];
  /** The i18n key prefix of the presets' labels (`deposits.reasons`). */
  labels: string;
  /** The hint under the free-text field. */
  hint: string;
  maxLength: number;
  error?: string | undefined;
  onChange: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [preset, setPreset] = useState('');
  const [text, setText] = useState('');
  return (
    <>
      <Select
        label={t('reviewReasons.preset')}
        hint={t('reviewReasons.presetHint')}
        value={preset}
        options={[
          { value: '', label: t('reviewReasons.other') },
          ...presets.map((value) => ({ value, label: t(`${labels}.${value}`) })),
        ]}
        error={preset ? error : undefined}
        onChange={(event) => {
          setPreset(event.target.value);
          onChange(event.target.value || text);
        }}
      />
      {preset ? null : (
        <TextArea
          label={t('reviewReasons.own')}
          hint={hint}
          required
          rows={3}
          maxLength={maxLength}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            onChange(event.target.value);
          }}
        />
      )}
    </>
  );
}

/** The text of a stored reason: a code the console knows under `prefix` translated, an operator's words as written. */
export function reasonText(
  reason: string,
  prefix: string,
  t: (key: string) => string,
  exists: (key: string) => boolean,
): string {
  const key = `${prefix}.${reason}`;
  return reason && exists(key) ? t(key) : reason;
}
