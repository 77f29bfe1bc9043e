import {
  type ComponentPropsWithoutRef,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useId,
  useRef,
  useState,
} from 'react';

const PopoverPanel = lazy(() =>
  import('./PopoverPanel.tsx').then((module) => ({ default: module.PopoverPanel })),
);

export interface PopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the popover (it is a non-modal dialog to assistive technology). */
  label: string;
  /**
   * The button that opens and shuts it (its content, name and class). A click toggles the popover unless the
   * button's own onClick calls preventDefault (a menu opened by hover keeps open on the click that follows).
   */
  trigger: ComponentPropsWithoutRef<'button'>;
  /** Classes of the popover's box. */
  className?: string;
  /** Which side of the button it opens on, and how it lines up with it. */
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  /**
   * Whether focus moves into the popover when it opens (to an element carrying `data-autofocus`, else the first
   * control): yes when a click or a key opened it, no when the pointer only hovers.
   */
  moveFocus?: boolean;
  children: ReactNode;
}

/**
 * A popover on Radix's Popover: it opens beside its button, stays on the screen (it flips and shifts), and
 * closes on Escape, a click outside or focus leaving it; Escape gives focus back to the button. Its code is
 * fetched when it first opens (PopoverPanel.tsx), so a page whose popovers stay shut (home, on its first load)
 * does not download it.
 */
export function Popover({ open, onOpenChange, label, trigger, children, ...panel }: PopoverProps) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const { onClick, ...buttonProps } = trigger;
  return (
    <>
      <button
        type="button"
        {...buttonProps}
        ref={button}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) onOpenChange(!open);
        }}
      />
      {opened ? (
        <Suspense fallback={null}>
          <PopoverPanel
            id={id}
            open={open}
            onOpenChange={onOpenChange}
            label={label}
            anchor={button}
            {...panel}
          >
            {children}
          </PopoverPanel>
        </Suspense>
      ) : null}
    </>
  );
}
