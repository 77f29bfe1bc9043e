export { Dialog } from './Dialog.tsx';
export { errorText } from './errorText.ts';
export { ScrollButton } from './ScrollButton.tsx';
export { type TabItem, Tabs } from './Tabs.tsx';
export { type ParamChanges, useUrlState } from './urlState.ts';
