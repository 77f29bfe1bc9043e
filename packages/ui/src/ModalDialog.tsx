import * as RadixDialog from '@radix-ui/react-dialog';
import './dialog.css';
import { X } from 'lucide-react';
import { type CSSProperties, type FormEvent, type ReactNode, useRef } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's heading; it also names the dialog. */
  title: ReactNode;
  /** A line under the title; it also describes the dialog to assistive technology. */
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom; with onSubmit they sit inside the form. */
  footer?: ReactNode;
  /** When given, the body and footer are one form submitted by Enter or a submit button. */
  onSubmit?: () => void;
  /** The widest it grows, in pixels; it never grows wider than the screen. */
  width: number;
  /** The close button's accessible name (the app translates it). */
  closeLabel: string;
  /** Classes of the dialog box (`drawer`, `sheet`, an app's own look). */
  className?: string;
  /**
   * False for a dialog that must be answered (the forced password change): no close button, and Escape or a
   * click outside do nothing. Its own buttons lead on.
   */
  dismissible?: boolean;
  /**
   * What takes focus when it opens, unless an element inside carries `data-autofocus`: the first control (the
   * close button, as a native modal dialog does) or the first field of the body (the console's forms).
   */
  initialFocus?: 'first-control' | 'first-field';
}

/** Where the last dialog to open gives focus back. */
let lastReturn: HTMLElement | null = null;

const FIRST_FIELD =
  '.modal__body input:not([disabled]):not([type="hidden"]), .modal__body select, .modal__body textarea';

/**
 * The kit's modal dialog on Radix's Dialog (fetched when a dialog first opens, see Dialog.tsx): named by its
 * title, it keeps focus inside while open, makes the page behind it inert to pointer and assistive technology,
 * closes on Escape (only the innermost of nested dialogs), a click outside or the close button, and gives focus
 * back to where it was. It fades in and out (`--modal-fade`).
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  onSubmit,
  width,
  closeLabel,
  className,
  dismissible = true,
  initialFocus = 'first-control',
}: DialogProps) {
  // Radix gives focus back to a Dialog.Trigger; these dialogs are opened by the app's state, so the element that
  // had focus when one opened takes it back when it closes. A dialog that opens with nothing focused (it replaced
  // another, such as a loading one) gives focus back where the one before it would have.
  const returnFocus = useRef<HTMLElement | null>(null);
  const body = (
    <>
      <div className="modal__body">{children}</div>
      {footer ? <footer className="modal__footer">{footer}</footer> : null}
    </>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  const refuse = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  // Escape in a combobox whose list is open shuts the list (ComboboxField.tsx), not the dialog: Radix hears the key
  // first, on the document.
  const onEscape = (event: KeyboardEvent) => {
    const target = event.target;
    if (target instanceof Element && target.matches('[role="combobox"][aria-expanded="true"]')) {
      event.preventDefault();
    } else refuse(event);
  };
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="modal__overlay">
          <RadixDialog.Content
            className={['modal', className].filter(Boolean).join(' ')}
            style={{ '--modal-width': `${width}px` } as CSSProperties}
            // Without a description the dialog is named by its title alone.
            {...(description ? {} : { 'aria-describedby': undefined })}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const target = returnFocus.current;
              // Not into the page behind a dialog that is still open (the one that replaced this one).
              const open = document.querySelector('.modal[data-state="open"]');
              if (target?.isConnected && (!open || open.contains(target))) target.focus();
            }}
            onEscapeKeyDown={onEscape}
            onInteractOutside={refuse}
            onOpenAutoFocus={(event) => {
              const active = document.activeElement;
              returnFocus.current =
                active instanceof HTMLElement && active !== document.body ? active : lastReturn;
              lastReturn = returnFocus.current;
              const content = event.currentTarget as HTMLElement;
              const preferred =
                content.querySelector<HTMLElement>('[data-autofocus]') ??
                (initialFocus === 'first-field' ? content.querySelector<HTMLElement>(FIRST_FIELD) : null);
              if (!preferred) return;
              event.preventDefault();
              preferred.focus();
            }}
          >
            <header className="modal__header">
              <div className="modal__heading">
                <RadixDialog.Title className="modal__title">{title}</RadixDialog.Title>
                {description ? (
                  <RadixDialog.Description className="modal__description">
                    {description}
                  </RadixDialog.Description>
                ) : null}
              </div>
              {dismissible ? (
                <RadixDialog.Close className="modal__close" aria-label={closeLabel}>
                  <X size={20} aria-hidden="true" />
                </RadixDialog.Close>
              ) : null}
            </header>
            {onSubmit ? (
              <form className="modal__form" noValidate onSubmit={submit}>
                {body}
              </form>
            ) : (
              body
            )}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
