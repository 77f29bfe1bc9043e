import { useState } from 'react';
import { useWhitelabel } from '../site/queries.ts';
import { useSiteName } from '../site/useSiteName.ts';
import './header.css';

/** The built-in mark, used until the whitelabel logo loads or when it cannot be shown. */
function TesseraMark() {
  return (
    <svg className="brand__logo" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-mark-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#3a1fb8" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#brand-mark-bg)" />
      <rect x="12" y="12" width="18" height="18" rx="4" fill="#ffd166" />
      <rect x="34" y="12" width="18" height="18" rx="4" fill="#fff" opacity=".9" />
      <rect x="12" y="34" width="18" height="18" rx="4" fill="#fff" opacity=".9" />
      <rect x="34" y="34" width="18" height="18" rx="4" fill="#2ee6ff" />
    </svg>
  );
}

/**
 * The whitelabel's logo, named by the site name (the logo is a wordmark that carries the name). Without a
 * logo, or when it cannot be loaded, the built-in mark and the name in text.
 */
export function BrandMark() {
  const { data } = useWhitelabel();
  const siteName = useSiteName();
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  const logoUrl = data?.logoUrl ?? '';

  if (logoUrl && brokenLogo !== logoUrl) {
    return (
      <span className="brand">
        <img className="brand__logo" src={logoUrl} alt={siteName} onError={() => setBrokenLogo(logoUrl)} />
      </span>
    );
  }
  return (
    <span className="brand">
      <TesseraMark />
      <span className="brand__name">{siteName}</span>
    </span>
  );
}
