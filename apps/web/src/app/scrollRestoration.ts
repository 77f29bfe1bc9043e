import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, kept across reloads of the tab. */
const STORAGE_KEY = 'scroll-positions';

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

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const record = () => positions.current?.set(shown.current, window.scrollY);
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
      // until it gets there, the reader scrolls or 10 s have passed.
      const until = Date.now() + 10_000;
      const grown = new ResizeObserver(() => {
        if (Date.now() > until) return stop();
        window.scrollTo(0, saved);
        if (window.scrollY >= saved) stop();
      });
      const stop = () => {
        grown.disconnect();
        window.removeEventListener('wheel', stop);
        window.removeEventListener('touchstart', stop);
        window.removeEventListener('keydown', stop);
      };
      grown.observe(document.body);
      window.addEventListener('wheel', stop, { passive: true });
      window.addEventListener('touchstart', stop, { passive: true });
      window.addEventListener('keydown', stop);
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
