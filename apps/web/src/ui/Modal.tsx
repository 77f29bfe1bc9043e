import { MODAL_DEFAULTS } from '@tessera/contract';
import { Dialog } from '@tessera/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './modal.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's heading; it also names the dialog. */
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Width in pixels (§9 default 600); the dialog never grows wider than the screen. */
  width?: number;
  className?: string;
  /**
   * False for a dialog that must be answered (the forced password change): no close button, and Escape or a
   * click on the backdrop do nothing. Its own buttons lead on.
   */
  dismissible?: boolean;
}

/**
 * The site's modal dialog: the kit's Dialog (§9 defaults: width 600, min height 300, 100 ms fades) with the
 * site's close label and look. It is named by its title, closes on Escape, a click on the backdrop or the close
 * button, keeps focus inside while open, and gives focus back to where it was when it closes.
 */
export function Modal({ width = MODAL_DEFAULTS.width, className, ...props }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      {...props}
      width={width}
      className={['site-modal', className].filter(Boolean).join(' ')}
      closeLabel={t('common.close')}
    />
  );
}
