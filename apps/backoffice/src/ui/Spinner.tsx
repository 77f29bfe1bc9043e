export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md'; label?: string }) {
  const spinner = <span className={`spinner spinner-${size}`} aria-hidden="true" />;
  if (!label) return spinner;
  return (
    <span role="status" className="spinner-status">
      {spinner}
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="loading-state" role="status">
      <span className="spinner spinner-md" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
