import { Dialog } from '@tessera/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom; with onSubmit they sit inside the form. */
  footer?: ReactNode;
  /** When given, the body and footer are one form submitted by Enter or a submit button. */
  onSubmit?: () => void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const WIDTHS = { sm: 420, md: 600, lg: 820, xl: 1080 } as const;

/**
 * The console's dialog: the kit's Dialog with the console's close label and look. Opening it focuses the element
 * marked `data-autofocus`, else the first field of the body; Escape closes only the innermost of nested dialogs.
 */
export function Modal({ size = 'md', ...props }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      {...props}
      width={WIDTHS[size]}
      className="console-modal"
      closeLabel={t('common.close')}
      initialFocus="first-field"
    />
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** The confirm button's look: danger (the default) for what destroys or takes away, primary otherwise. */
  confirmVariant?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  error?: ReactNode;
  /** More of the dialog below the message, such as a field the action takes. */
  children?: ReactNode;
  /** Wider than the default for a dialog that shows much beside its question (a withdrawal's review). */
  size?: ModalProps['size'];
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  confirmVariant = 'danger',
  onConfirm,
  onCancel,
  busy,
  error,
  children,
  size = 'sm',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      size={size}
      footer={
        <>
          <Button onClick={onCancel} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button variant={confirmVariant} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="confirm-message">{message}</p>
      {children}
      {error}
    </Modal>
  );
}
