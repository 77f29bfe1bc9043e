import * as RadixPopover from '@radix-ui/react-popover';
import './popover.css';
import { type ReactNode, type RefObject, useRef } from 'react';

export interface PopoverPanelProps {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  /** The kit's button (Popover.tsx), which the panel lines up with and gives focus back to. */
  anchor: RefObject<HTMLButtonElement | null>;
  className?: string | undefined;
  side?: 'top' | 'right' | 'bottom' | 'left' | undefined;
  align?: 'start' | 'center' | 'end' | undefined;
  moveFocus?: boolean | undefined;
  children: ReactNode;
}

/** The least room kept between the popover and the edges of the screen. */
const SCREEN_MARGIN_PX = 8;

/**
 * The popover's panel on Radix's Popover (fetched when a popover first opens, see Popover.tsx). The button is
 * the kit's own, rendered before this code arrives, so the panel is anchored to it rather than to a Radix
 * trigger, and does here what a trigger would: a press on the button is not a click outside (the button's own
 * click toggles), and closing gives focus back to the button unless the reader went elsewhere.
 */
export function PopoverPanel({
  id,
  open,
  onOpenChange,
  label,
  anchor,
  className,
  side = 'bottom',
  align = 'end',
  moveFocus = true,
  children,
}: PopoverPanelProps) {
  const wentOutside = useRef(false);
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Anchor virtualRef={anchor} />
      <RadixPopover.Portal>
        <RadixPopover.Content
          id={id}
          aria-label={label}
          className={['popover', className].filter(Boolean).join(' ')}
          side={side}
          align={align}
          sideOffset={SCREEN_MARGIN_PX}
          collisionPadding={SCREEN_MARGIN_PX}
          onOpenAutoFocus={(event) => {
            wentOutside.current = false;
            event.preventDefault();
            if (!moveFocus) return;
            const content = event.currentTarget as HTMLElement;
            const preferred =
              content.querySelector<HTMLElement>('[data-autofocus]') ??
              content.querySelector<HTMLElement>('a[href], button:not([disabled]), input:not([disabled])');
            preferred?.focus();
          }}
          onInteractOutside={(event) => {
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
            else wentOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!wentOutside.current) anchor.current?.focus();
          }}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
