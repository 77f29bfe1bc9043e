import type { LanguageCode } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { languageOptions } from './options.ts';

/** The title of a row; the longest the server takes differs by kind of row. */
export function TitleField({
  value,
  onChange,
  error,
  maxLength,
  fieldClassName,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength: number;
  fieldClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('common.title')}
      value={value}
      maxLength={maxLength}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      fieldClassName={fieldClassName}
    />
  );
}

/** The sort order of a row as typed; toSort turns it into the number the contract expects. */
export function SortField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('common.sortOrder')}
      type="number"
      min={0}
      max={9999}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** The language a piece of content is written in. */
export function LanguageField({
  value,
  onChange,
  error,
}: {
  value: LanguageCode;
  onChange: (value: LanguageCode) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('common.language')}
      value={value}
      options={languageOptions(t)}
      onChange={(event) => onChange(event.target.value as LanguageCode)}
      error={error}
    />
  );
}

/** A list's language filter: every language, or one; answers its control and the rows it lets through. */
export function useLanguageFilter<T extends { language: string }>() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState('');
  const filter = (
    <Select
      label={t('common.languageFilter')}
      value={language}
      options={[{ value: '', label: t('common.allLanguages') }, ...languageOptions(t)]}
      onChange={(event) => setLanguage(event.target.value)}
    />
  );
  return { filter, shown: (row: T) => language === '' || row.language === language };
}
