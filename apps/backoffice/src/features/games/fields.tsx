import { useState } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Switch } from '../../ui/Checkbox.tsx';
import { IconField } from './IconField.tsx';

/** The catalogue's icon as a form field: the image id the form saves, the picture the field shows. */
export function IconControl<T extends FieldValues>({
  control,
  name,
  initialUrl,
  error,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, string | null>;
  initialUrl: string;
  error?: string;
}) {
  const [url, setUrl] = useState(initialUrl);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <IconField
          url={url}
          error={error}
          onChange={(image) => {
            field.onChange(image?.imageId ?? null);
            setUrl(image?.url ?? '');
          }}
        />
      )}
    />
  );
}

/** A yes-or-no setting of the form as a switch. */
export function SwitchControl<T extends FieldValues>({
  control,
  name,
  label,
  description,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  label: string;
  description: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch label={label} description={description} checked={field.value} onChange={field.onChange} />
      )}
    />
  );
}
