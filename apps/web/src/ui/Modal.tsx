import { MODAL_DEFAULTS } from '@tessera/contract';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';
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
 * A modal dialog (§9 defaults: width 600, min height 300, 100 ms fades). It is named by its title, closes on
 * Escape, a click on the backdrop or the close button, keeps focus inside while open, and gives focus back
 * to where it was when it closes.
 */
export function Modal(props: ModalProps) {
  const [rendered, setRendered] = useState(props.open);
  if (props.open && !rendered) setRendered(true);

  useEffect(() => {
    if (props.open || !rendered) return;
    const timer = window.setTimeout(() => setRendered(false), MODAL_DEFAULTS.fadeMs);
    return () => window.clearTimeout(timer);
  }, [props.open, rendered]);

  if (!rendered) return null;
  return <ModalDialog {...props} closing={!props.open} />;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function ModalDialog({
  closing,
  onClose,
  title,
  children,
  footer,
  width = MODAL_DEFAULTS.width,
  className,
  dismissible = true,
}: ModalProps & { closing: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // showModal focuses the first control (the close button); a form names its first field instead.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    // A dialog opened inside another one handles its own keys; the outer one must not close or move focus too.
    if (event.key === 'Escape' || event.keyCode === MODAL_DEFAULTS.escapeKey) {
      event.preventDefault();
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    event.stopPropagation();
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => element.getClientRects().length > 0,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    // The panel fills the dialog box, so a click whose target is the dialog itself landed on the backdrop.
    if (event.target === event.currentTarget && dismissible) onClose();
  }

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    event.stopPropagation();
    if (dismissible) onClose();
  }

  const style = {
    '--modal-fade': `${MODAL_DEFAULTS.fadeMs}ms`,
    '--modal-width': `${width}px`,
  } as CSSProperties;

  return (
    <dialog
      ref={ref}
      className={['modal', closing ? 'is-closing' : '', className].filter(Boolean).join(' ')}
      aria-modal="true"
      aria-labelledby={titleId}
      style={style}
      onKeyDown={onKeyDown}
      onClick={onBackdropClick}
      onCancel={onCancel}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className="modal__close" aria-label={t('common.close')} onClick={onClose}>
              <CloseIcon />
            </button>
          ) : null}
        </header>
        <div className="modal__body">{children}</div>
        {footer ? <footer className="modal__footer">{footer}</footer> : null}
      </div>
    </dialog>
  );
}
