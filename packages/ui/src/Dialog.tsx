import { lazy, Suspense, useState } from 'react';
import type { DialogProps } from './ModalDialog.tsx';

const ModalDialog = lazy(() =>
  import('./ModalDialog.tsx').then((module) => ({ default: module.ModalDialog })),
);

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
