export { Button, type ButtonSize, type ButtonVariant, buttonClass } from './Button.tsx';
export { Modal } from './Modal.tsx';
export { CenteredSpinner, Spinner } from './Spinner.tsx';
export { applyTheme, getTheme, setTheme, type Theme, useTheme } from './theme.ts';
