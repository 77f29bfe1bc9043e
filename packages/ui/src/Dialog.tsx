import { lazy, Suspense, useState } from 'react';
import type { DialogProps } from './ModalDialog.tsx';

const loadModalDialog = () => import('./ModalDialog.tsx');
const ModalDialog = lazy(() => loadModalDialog().then((module) => ({ default: module.ModalDialog })));

/** Fetches the dialogs' code ahead of a first open (a dialog that will open soon); the open retries a failure. */
export function preloadDialog(): void {
  loadModalDialog().catch(() => undefined);
}

/**
 * A modal dialog (ModalDialog.tsx, on Radix's Dialog). Its code and styles are fetched when a dialog first opens,
 * so that a page whose dialogs stay shut (home, on its first load) does not download them.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
