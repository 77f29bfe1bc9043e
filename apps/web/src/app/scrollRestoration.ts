import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, kept across reloads of the tab. */
const STORAGE_KEY = 'scroll-positions';

/** How long a page that has stopped growing is still watched while it is shorter than its saved position. */
const QUIET_MS = 30_000;

function storedPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    return new Map(Object.entries(stored));
  } catch {
    return new Map();
  }
}

/**
 * The browser's scroll position handled as a page of an app needs it (what react-router's data router does with
 * ScrollRestoration, which the site's declarative router does not carry): a new page (a link, a redirect) opens
 * at its top, or at the element its #hash names; going back or forward returns to where that entry was left,
 * also after a reload.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= storedPositions();
  /** The history entry on the screen: scrolling is recorded against it. */
  const shown = useRef(location.key);
  /** Whether a saved position is still being scrolled back to as the page grows. */
  const restoring = useRef(false);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    // While a position is being restored the page scrolls itself (clamped where the page is still short): that is
    // not where the reader left it, so it is not recorded.
    const record = () => {
      if (!restoring.current) positions.current?.set(shown.current, window.scrollY);
    };
    const save = () => {
      record();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions.current ?? [])));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
      window.history.scrollRestoration = previous;
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    shown.current = location.key;
    const saved = navigationType === 'POP' ? positions.current?.get(location.key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      if (window.scrollY >= saved) return;
      // The page is not yet as long as it was (after a reload its data is still coming): scrolled again as it grows,
      // until it gets there, the reader scrolls, taps or types, or the page has not grown for 30 s (a page that is
      // now shorter for good stays where it reached; a slow phone may take seconds between one part and the next).
      restoring.current = true;
      let quiet = window.setTimeout(() => stop(), QUIET_MS);
      const grown = new ResizeObserver(() => {
        window.scrollTo(0, saved);
        if (window.scrollY >= saved) return stop();
        window.clearTimeout(quiet);
        quiet = window.setTimeout(() => stop(), QUIET_MS);
      });
      const stop = () => {
        restoring.current = false;
        window.clearTimeout(quiet);
        grown.disconnect();
        window.removeEventListener('wheel', stop);
        window.removeEventListener('touchstart', stop);
        window.removeEventListener('keydown', stop);
        window.removeEventListener('pointerdown', stop);
      };
      grown.observe(document.body);
      window.addEventListener('wheel', stop, { passive: true });
      window.addEventListener('touchstart', stop, { passive: true });
      window.addEventListener('keydown', stop);
      // A tap may open or grow something: the page is the reader's from then on.
      window.addEventListener('pointerdown', stop, { passive: true });
      return stop;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
}
