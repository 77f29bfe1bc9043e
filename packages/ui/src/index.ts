export { Dialog, type DialogProps } from './Dialog.tsx';
export { errorText } from './errorText.ts';
