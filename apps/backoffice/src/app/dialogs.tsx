import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog, Modal, type ModalProps } from '../ui/Modal.tsx';
import { errorText, FormError } from './errors.tsx';

/** A dialog that is one form: the save call's error on top, Cancel and the save button at the bottom. */
export function FormDialog({
  title,
  size,
  saveLabel,
  saving,
  error,
  shownFields,
  onClose,
  onSubmit,
  children,
}: {
  title: ReactNode;
  size?: ModalProps['size'];
  saveLabel: string;
  saving: boolean;
  error: unknown;
  /** The fields whose messages the form shows beside their controls. */
  shownFields: readonly string[];
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      size={size}
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" loading={saving}>
            {saveLabel}
          </Button>
        </>
      }
    >
      <FormError error={error} shownFields={shownFields} />
      {children}
    </Modal>
  );
}

export function DeleteDialog({
  title,
  message,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  title: ReactNode;
  message: ReactNode;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      title={title}
      message={message}
      confirmLabel={t('common.delete')}
      busy={busy}
      error={error ? <Alert tone="error" title={errorText(error, t)} /> : null}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
