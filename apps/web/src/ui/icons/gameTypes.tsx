import { Fish, Gamepad2, Ticket } from 'lucide-react';
import type { ReactNode, SVGProps } from 'react';
import { icon } from './icon.tsx';

/**
 * The game types' own artwork (§1, the left game bar and the header), drawn in Lucide's style: Lucide has no
 * lottery balls, live-casino chip, slot machine, card pair or football, so those stay drawn here.
 */
function Artwork({ children, ...rest }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const GAME_TYPE_ICONS: Record<string, () => ReactNode> = {
  LOTT: () => (
    <Artwork>
      <circle cx="8" cy="15" r="4.5" />
      <circle cx="16" cy="15" r="4.5" />
      <circle cx="12" cy="7.5" r="4.5" />
    </Artwork>
  ),
  ELOTT: icon(Ticket),
  LIVE: () => (
    <Artwork>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
      <path d="M12 3v3M12 18v3M3 12h3M18 12h3" />
    </Artwork>
  ),
  RNG: () => (
    <Artwork>
      <rect x="3" y="5" width="18" height="14" rx="3" />
      <path d="M7.5 10h2.5l-1.5 4M11 10h2.5L12 14M14.5 10H17l-1.5 4" />
    </Artwork>
  ),
  FISH: icon(Fish),
  PVP: () => (
    <Artwork>
      <rect x="4" y="4" width="10" height="15" rx="2" transform="rotate(-8 9 11.5)" />
      <rect x="10" y="5" width="10" height="15" rx="2" transform="rotate(8 15 12.5)" />
    </Artwork>
  ),
  SPORTS: () => (
    <Artwork>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5l4 3-1.5 4.5h-5L8 10.5z" />
      <path d="M12 3v4.5M16 10.5l4.5-1.5M14.5 15l2.5 4M9.5 15L7 19M8 10.5L3.5 9" />
    </Artwork>
  ),
  ESPORTS: icon(Gamepad2),
};
