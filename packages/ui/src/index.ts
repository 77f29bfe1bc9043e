export { Dialog } from './Dialog.tsx';
export { errorText } from './errorText.ts';
export { ScrollButton } from './ScrollButton.tsx';
export { Tabs } from './Tabs.tsx';
export { type ParamChanges, useUrlState } from './urlState.ts';
