import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@tessera/ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog, type ConfirmDialogProps, Modal, type ModalProps } from '../ui/Modal.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useToast } from '../ui/Toast.tsx';
import { FormError, fieldErrors } from './errors.tsx';

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

/**
 * A decision on a queued request (a redemption completed or rejected, a prize handed over or cancelled): the
 * question, the text the member reads with it (required, up to 300 characters) and the call. Once it is made, the
 * lists that show the request are fetched again, the outcome is said in a toast and the dialog closes.
 */
export function DecisionDialog({
  title,
  message,
  saveLabel,
  field,
  decide,
  refresh,
  done,
  onClose,
}: {
  title: string;
  message: string;
  saveLabel: string;
  /** The text's body field (for the server's message about it), its label and its hint. */
  field: { name: string; label: string; hint?: string };
  decide: (text: string) => Promise<unknown>;
  /** The paths of the lists to fetch again. */
  refresh: readonly string[];
  /** The toast's text. */
  done: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const decision = useMutation({
    mutationFn: () => decide(text),
    onSuccess: () => {
      for (const path of refresh) void queryClient.invalidateQueries({ queryKey: [path] });
      toast.show(done);
      onClose();
    },
  });
  const server = fieldErrors(decision.error);
  return (
    <FormDialog
      title={title}
      saveLabel={saveLabel}
      saving={decision.isPending}
      error={decision.error}
      shownFields={[field.name]}
      onClose={onClose}
      onSubmit={() => decision.mutate()}
    >
      <p>{message}</p>
      <TextField
        label={field.label}
        hint={field.hint}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={300}
        required
        error={server[field.name]}
      />
    </FormDialog>
  );
}
