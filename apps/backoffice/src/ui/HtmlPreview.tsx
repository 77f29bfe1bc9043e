import { classNames } from './classNames.ts';

/**
 * Shows rich HTML in a sandboxed frame: no script in it can run and it cannot reach the console, so unsaved text
 * needs no sanitiser of its own (the server sanitises on save). With a label it is a named region; without one it
 * takes its name from the surrounding card.
 */
export function HtmlPreview({
  html,
  label,
  className,
}: {
  html: string;
  label?: string;
  className?: string;
}) {
  const classes = classNames('html-preview', className);
  const document = `<!doctype html><html><head><meta charset="utf-8"><style>
    :root { color-scheme: light dark; }
    body { margin: 12px; font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; }
    img { max-width: 100%; height: auto; }
  </style></head><body>${html}</body></html>`;
  const frame = (
    <iframe className="html-preview-content" sandbox="" srcDoc={document} title={label ?? 'HTML'} />
  );
  return label ? (
    <section className={classes} aria-label={label}>
      {frame}
    </section>
  ) : (
    <div className={classes}>{frame}</div>
  );
}
