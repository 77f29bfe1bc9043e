// Tabs come from '@tessera/ui/tabs', so that a page without tabs (home) does not load Radix's Tabs.
export { Dialog, preloadDialog } from './Dialog.tsx';
export { errorText } from './errorText.ts';
export { PrivateImage } from './PrivateImage.tsx';
export { ScrollButton } from './ScrollButton.tsx';
export { type ParamChanges, useUrlState } from './urlState.ts';
