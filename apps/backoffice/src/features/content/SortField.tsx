import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';

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
