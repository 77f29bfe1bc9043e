export { Dialog } from './Dialog.tsx';
export { errorText } from './errorText.ts';
export { type ParamChanges, useUrlState } from './urlState.ts';
