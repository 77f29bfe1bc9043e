import { useLayoutEffect } from 'react';

/**
 * The document's title while the page that renders it is shown; the one before comes back when it goes. Set from an
 * effect rather than rendered as a `<title>` element: the player site runs on Preact's React compatibility layer,
 * which renders a `<title>` where it stands, in the body, and does not move it into the head as React 19 does
 * (preactjs/preact#4695), so the head's own empty `<title>` would stay the document's title.
 */
export function DocumentTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    const before = document.title;
    document.title = children;
    return () => {
      document.title = before;
    };
  }, [children]);
  return null;
}
