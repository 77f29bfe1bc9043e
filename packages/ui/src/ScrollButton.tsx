import { ChevronLeft, ChevronRight } from 'lucide-react';
import './scroll-button.css';

interface ScrollButtonProps {
  /** -1 scrolls back (towards the start), 1 on. */
  direction: -1 | 1;
  /** The button's name, e.g. "Back: Hot games". */
  label: string;
  /** The row it scrolls (read when pressed). */
  scroller: () => HTMLElement | null | undefined;
  /** How far one press goes, as a share of the row's visible width. */
  step?: number;
  /** The place's own look (`vendor-carousel__arrow`, `tabs__arrow`). */
  className?: string;
}

/** The arrow beside a row that scrolls sideways (home's rails, the main menu, tabs, the vendor carousel). */
export function ScrollButton({ direction, label, scroller, step = 0.8, className }: ScrollButtonProps) {
  const Chevron = direction < 0 ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      className={['scroll-button', className].filter(Boolean).join(' ')}
      aria-label={label}
      title={label}
      onClick={() => {
        const row = scroller();
        row?.scrollBy({ left: direction * row.clientWidth * step, behavior: 'smooth' });
      }}
    >
      <Chevron size={16} aria-hidden="true" focusable="false" />
    </button>
  );
}
