import { errorText } from '@tessera/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog, type ConfirmDialogProps, Modal, type ModalProps } from '../ui/Modal.tsx';
import { FormError } from './errors.tsx';

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

export interface ActionDialogProps {
  title: ReactNode;
  message: ReactNode;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A confirmation before an action, with the action's error (when its call failed) below the question. */
export function ActionDialog({
  confirmLabel,
  confirmVariant,
  error,
  children,
  ...props
}: ActionDialogProps & {
  confirmLabel: string;
  confirmVariant?: ConfirmDialogProps['confirmVariant'];
  size?: ConfirmDialogProps['size'];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      {...props}
      confirmLabel={confirmLabel}
      confirmVariant={confirmVariant}
      error={error ? <Alert tone="error" title={errorText(t, error)} /> : null}
    >
      {children}
    </ConfirmDialog>
  );
}

export function DeleteDialog(props: ActionDialogProps) {
  const { t } = useTranslation();
  return <ActionDialog {...props} confirmLabel={t('common.delete')} />;
}
