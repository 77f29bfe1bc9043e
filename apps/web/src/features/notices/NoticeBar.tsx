import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeModal } from '../../app/dialogs.ts';
import { MegaphoneIcon } from '../../ui/icons.tsx';
import { useNotices } from './queries.ts';
import './notices.css';

/** Marquee speed in pixels per second. */
const SPEED_PX_PER_S = 60;
/**
 * The marquee moves in small steps held for two frames rather than every frame: it looks the same, and a
 * title holds still long enough to be aimed at (by a person or a browser test) before hovering pauses it.
 */
const STEP_MS = 30;

/**
 * Scrolls the viewport's content from right to left, looping, and holds still while the bar is hovered or
 * holds focus. Driving scrollLeft (not a transform) keeps one source of truth: if something scrolls a title
 * into view, the marquee continues from there.
 */
function useMarquee(viewport: HTMLDivElement | null) {
  useEffect(() => {
    if (!viewport) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const bar = viewport.parentElement ?? viewport;
    // Start with the first title at the left edge rather than an empty bar.
    viewport.scrollLeft = viewport.clientWidth;
    let frame = 0;
    let last = performance.now();
    let carry = 0;
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      if (bar.matches(':hover, :focus-within')) {
        last = now;
        return;
      }
      const elapsed = now - last;
      if (elapsed < STEP_MS) return;
      last = now;
      carry += (Math.min(elapsed, 250) * SPEED_PX_PER_S) / 1000;
      const step = Math.floor(carry);
      if (step === 0) return;
      carry -= step;
      const end = viewport.scrollWidth - viewport.clientWidth;
      const next = viewport.scrollLeft + step;
      viewport.scrollLeft = next >= end ? 0 : next;
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [viewport]);
}

/**
 * The notice bar (§2): notice titles scrolling as a marquee that pauses on hover or focus. A title opens
 * the notice modal at that notice.
 */
export function NoticeBar() {
  const { t } = useTranslation();
  const { data: notices = [], isPending } = useNotices();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  useMarquee(viewport);

  // While the notices load, the bar holds its room (issue 15): nothing below moves when they arrive.
  if (isPending) {
    return (
      <section className="notice-bar notice-bar--loading" aria-label={t('notices.label')} aria-busy="true">
        <span className="notice-bar__icon">
          <MegaphoneIcon />
        </span>
        <span className="notice-bar__placeholder">
          <span className="visually-hidden">{t('common.loading')}</span>
        </span>
      </section>
    );
  }
  if (notices.length === 0) return null;

  return (
    <>
      <section className="notice-bar" aria-label={t('notices.label')}>
        <span className="notice-bar__icon">
          <MegaphoneIcon />
        </span>
        <div ref={setViewport} className="notice-bar__viewport">
          <ul className="notice-bar__track">
            {notices.map((notice, index) => (
              <li key={notice.id}>
                <button type="button" className="notice-bar__item" onClick={() => setOpenIndex(index)}>
                  {notice.title}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <NoticeModal
        open={openIndex !== null}
        notices={notices}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onClose={() => setOpenIndex(null)}
      />
    </>
  );
}
