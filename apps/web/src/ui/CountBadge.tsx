import './count-badge.css';

/** The most a badge spells out; above it, "99+". */
const MAX_SHOWN = 99;

/**
 * A count of things waiting (unread messages): a small pill, shown only above 0 (§2). `label` is what a screen
 * reader hears instead of the bare number ("3 unread"), so a link or button that holds it is named "Inbox 3 unread".
 */
export function CountBadge({
  count,
  label,
  className,
}: {
  count: number;
  label?: string;
  className?: string;
}) {
  if (count <= 0) return null;
  return (
    <span className={['count-badge', className].filter(Boolean).join(' ')}>
      <span aria-hidden="true">{count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}</span>
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
