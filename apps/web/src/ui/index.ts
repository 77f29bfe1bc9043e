export { Button, type ButtonVariant, buttonClass } from './Button.tsx';
export { DocumentTitle } from './DocumentTitle.tsx';
export { LazyImage } from './LazyImage.tsx';
export { Modal } from './Modal.tsx';
export { PageHero } from './PageHero.tsx';
export { Pagination } from './Pagination.tsx';
export { CenteredSpinner, Spinner } from './Spinner.tsx';
export { StatusBadge, type StatusTone } from './StatusBadge.tsx';
