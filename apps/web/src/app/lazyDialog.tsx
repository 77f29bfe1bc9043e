import { preloadDialog } from '@tessera/ui';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { loadPageStrings } from '../i18n/index.ts';
import { lazyPage } from './lazyPage.ts';

/** A dialog whose code loads on demand, and the way to load it ahead of its first open. */
type LazyDialog<P extends object> = ComponentType<P & { open: boolean }> & {
  /** Loads its code and the whole string bundle now, so that the first open shows at once. */
  preload: () => void;
};

/**
 * A dialog (or drawer, or floating window) whose code loads the first time it opens, with the whole string bundle
 * and the chunk timeout of a lazy page (app/lazyPage.ts): the first download carries only what the first screen
 * draws. Once loaded it stays mounted, open or closed, as the dialog itself would be.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): LazyDialog<P> {
  const Dialog = lazyPage<P>(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog, at module level (app/dialogs.ts), as React.lazy is
  function LazyDialog(props: P & { open: boolean }) {
    const [opened, setOpened] = useState(false);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  // The browser keeps a module it has imported: the open then finds the code (and the strings) already there.
  LazyDialog.preload = () => {
    preloadDialog();
    void Promise.all([load(), loadPageStrings()]).catch(() => {
      // The open loads it again and says so if that fails too.
    });
  };
  return LazyDialog;
}

/**
 * Preloads a dialog once the page is idle after the component using this first draws (a button that opens it):
 * the first open is then instant, and the first screen's download stays without it.
 */
export function usePreloadWhenIdle(dialog: { preload: () => void }): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(dialog.preload, 1_000);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(dialog.preload);
    return () => window.cancelIdleCallback(idle);
  }, [dialog]);
}
