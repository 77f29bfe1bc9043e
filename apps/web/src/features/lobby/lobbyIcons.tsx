import type { ReactNode } from 'react';

/** The lobby's own line icons (24×24, current colour); the control that holds one carries the name. */
function Glyph({
  children,
  filled = false,
  size = 20,
}: {
  children: ReactNode;
  filled?: boolean;
  size?: number;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <Glyph filled={filled} size={18}>
    <path d="M12 20s-7.5-4.4-9.3-9.2C1.6 7.6 3.7 4.5 7 4.5c2 0 3.3 1.1 5 3 1.7-1.9 3-3 5-3 3.3 0 5.4 3.1 4.3 6.3C19.5 15.6 12 20 12 20z" />
  </Glyph>
);

export const PlayIcon = () => (
  <Glyph filled size={22}>
    <path d="M8 5.5v13l10.5-6.5z" />
  </Glyph>
);

export const SearchIcon = () => (
  <Glyph size={18}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </Glyph>
);

export const TrophyIcon = () => (
  <Glyph size={18}>
    <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
    <path d="M8 6H4.5a3 3 0 0 0 3.5 4M16 6h3.5a3 3 0 0 1-3.5 4M12 13v4M8.5 20h7M10 17h4" />
  </Glyph>
);

export const GiftPlayIcon = () => (
  <Glyph size={16}>
    <circle cx="12" cy="12" r="9" />
    <path d="M10 8.5v7l5.5-3.5z" />
  </Glyph>
);

export const FullscreenIcon = () => (
  <Glyph size={18}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Glyph>
);

export const GridIcon = () => (
  <Glyph size={22}>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </Glyph>
);
