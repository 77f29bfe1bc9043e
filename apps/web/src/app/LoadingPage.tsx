/**
 * The page while the site starts (issue 15): the same placeholder index.html shows before the JavaScript runs
 * (its classes are styled there), so the page does not go from placeholder to spinner to page. It names itself
 * as loading for assistive technology.
 */
export function LoadingPage({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <div className="boot-header" />
      <div className="container boot-banner-room">
        <div className="boot-block boot-banner" />
      </div>
      <div className="container boot-home">
        <div className="boot-block boot-notice" />
        <div className="boot-block boot-line boot-line--short" />
        <div className="boot-block boot-line" />
        <div className="boot-block boot-line" />
      </div>
    </div>
  );
}
