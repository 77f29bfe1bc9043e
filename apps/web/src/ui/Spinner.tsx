import './spinner.css';

interface SpinnerProps {
  /** What is loading, for screen readers; omit for a decorative spinner inside a labelled control. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  if (!label) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner centred in the space it is given (a page, a panel). */
export function CenteredSpinner({ label, fullPage = false }: { label: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'spinner-center spinner-center--page' : 'spinner-center'}>
      <Spinner label={label} size="lg" />
    </div>
  );
}
