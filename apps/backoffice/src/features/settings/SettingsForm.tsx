import type { ReactNode } from 'react';
import { FormError } from '../../app/errors.tsx';
import { Button } from '../../ui/Button.tsx';

/** A settings form: the save call's error on top, the fields, and the save button at the bottom. */
export function SettingsForm({
  saveLabel,
  saving,
  error,
  shownFields,
  onSubmit,
  children,
}: {
  saveLabel: string;
  saving: boolean;
  error: unknown;
  /** The fields whose messages the form shows beside their controls. */
  shownFields: readonly string[];
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormError error={error} shownFields={shownFields} />
      {children}
      <div className="form-actions">
        <Button type="submit" variant="primary" loading={saving}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
