import { type ComponentType, Suspense, useState } from 'react';
import { lazyPage } from './lazyPage.ts';

/**
 * A dialog (or drawer, or floating window) whose code loads the first time it opens, with the whole string bundle
 * and the chunk timeout of a lazy page (app/lazyPage.ts): the first download carries only what the first screen
 * draws. Once loaded it stays mounted, open or closed, as the dialog itself would be.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & { open: boolean }> {
  const Dialog = lazyPage<P>(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog, at module level (app/dialogs.ts), as React.lazy is
  return function LazyDialog(props: P & { open: boolean }) {
    const [opened, setOpened] = useState(false);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
