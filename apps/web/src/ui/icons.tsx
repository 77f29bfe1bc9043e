import type { ReactNode, SVGProps } from 'react';

/** Decorative line icons (24×24, current colour); the control that holds one carries the name. */
function Icon({ children, ...rest }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
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

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ChevronLeftIcon = () => (
  <Icon>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);

export const ChevronRightIcon = () => (
  <Icon>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);

export const ChevronDownIcon = () => (
  <Icon width="16" height="16">
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const ArrowRightIcon = () => (
  <Icon width="18" height="18">
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

export const SunIcon = () => (
  <Icon width="16" height="16">
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Icon>
);

export const MoonIcon = () => (
  <Icon width="16" height="16">
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </Icon>
);

export const GlobeIcon = () => (
  <Icon width="18" height="18">
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Icon>
);

export const MegaphoneIcon = () => (
  <Icon>
    <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z" />
    <path d="M15 9a3 3 0 0 1 0 6M18 6a7 7 0 0 1 0 12" />
  </Icon>
);

export const HeadsetIcon = () => (
  <Icon width="18" height="18">
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1.5" />
    <rect x="17" y="14" width="4" height="6" rx="1.5" />
    <path d="M19 20a3 3 0 0 1-3 2h-3" />
  </Icon>
);

export const RefreshIcon = () => (
  <Icon width="18" height="18">
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </Icon>
);

export const BoltIcon = () => (
  <Icon>
    <path d="M13 2L4 14h7l-1 8 9-12h-7l1-8z" />
  </Icon>
);

export const ShieldIcon = () => (
  <Icon>
    <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z" />
    <path d="M9 12l2 2 4-4" />
  </Icon>
);

export const PhoneIcon = () => (
  <Icon>
    <rect x="6" y="2" width="12" height="20" rx="3" />
    <path d="M11 18h2" />
  </Icon>
);

export const WrenchIcon = () => (
  <Icon width="40" height="40" strokeWidth="1.6">
    <path d="M14.7 6.3a4 4 0 0 0 5 5l-8.4 8.4a2.1 2.1 0 0 1-3-3l8.4-8.4a4 4 0 0 0-2-2z" />
    <path d="M14.7 6.3L17 4l3 3-2.3 2.3" />
  </Icon>
);

export const BlockedIcon = () => (
  <Icon width="40" height="40" strokeWidth="1.6">
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6l12.8 12.8" />
  </Icon>
);

export const OfflineIcon = () => (
  <Icon width="40" height="40" strokeWidth="1.6">
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.3 5.2A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 3.3-2M13.5 9.6A10 10 0 0 1 19 12.5M8.5 16a5 5 0 0 1 5.5-.9" />
    <path d="M12 20h.01M3 3l18 18" />
  </Icon>
);

export const SparkIcon = () => (
  <Icon width="40" height="40" strokeWidth="1.6">
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5L18 18M6 18l2.5-2.5M15.5 8.5L18 6" />
  </Icon>
);

export const FlameIcon = () => (
  <Icon width="14" height="14" fill="currentColor" stroke="none">
    <path d="M12 2c1 3.5 5 5.8 5 11a5 5 0 0 1-10 0c0-2.4 1.2-4 2.4-5.1.2 1.6.9 2.6 2 3.1-.6-3.4.2-6.3.6-9z" />
  </Icon>
);

export const MenuIcon = () => (
  <Icon>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const HomeIcon = () => (
  <Icon width="18" height="18">
    <path d="M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-5v-6h-4v6H5a1 1 0 0 1-1-1z" />
  </Icon>
);

export const GiftIcon = () => (
  <Icon width="18" height="18">
    <rect x="3" y="8" width="18" height="5" rx="1" />
    <path d="M5 13v7h14v-7M12 8v12M12 8c-2-4-6-4-6-1.5S9 8 12 8zm0 0c2-4 6-4 6-1.5S15 8 12 8z" />
  </Icon>
);

export const DownloadIcon = () => (
  <Icon width="18" height="18">
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);

export const HelpIcon = () => (
  <Icon width="18" height="18">
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 0 1 5 .5c0 1.8-2.5 2.2-2.5 4M12 17.5h.01" />
  </Icon>
);

export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);

export const UserPlusIcon = () => (
  <Icon width="18" height="18">
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21c0-3.9 3.1-7 7-7s7 3.1 7 7M19 8v6M16 11h6" />
  </Icon>
);

export const WalletIcon = () => (
  <Icon width="18" height="18">
    <path d="M19 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6" />
    <path d="M16 14h.01" />
  </Icon>
);

export const WithdrawIcon = () => (
  <Icon width="18" height="18">
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <path d="M12 9v6M9.5 12.5L12 15l2.5-2.5" />
  </Icon>
);

export const UsersIcon = () => (
  <Icon width="18" height="18">
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </Icon>
);

export const LogoutIcon = () => (
  <Icon width="18" height="18">
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" />
  </Icon>
);

export const MailIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Icon>
);

export const GaugeIcon = () => (
  <Icon>
    <path d="M4.5 18a9 9 0 1 1 15 0" />
    <path d="M12 14l4-5" />
    <circle cx="12" cy="14" r="1.5" />
  </Icon>
);

export const ChatIcon = () => (
  <Icon>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 10h8M8 13h5" />
  </Icon>
);

export const SendIcon = () => (
  <Icon width="18" height="18">
    <path d="M21 3L3 11l7 2 2 7z" />
    <path d="M21 3l-11 10" />
  </Icon>
);

export const DotsIcon = () => (
  <Icon>
    <circle cx="5" cy="12" r="1.3" />
    <circle cx="12" cy="12" r="1.3" />
    <circle cx="19" cy="12" r="1.3" />
  </Icon>
);

export const CollapseRightIcon = () => (
  <Icon width="18" height="18">
    <path d="M6 6l6 6-6 6M13 6l6 6-6 6" />
  </Icon>
);

export const ExpandLeftIcon = () => (
  <Icon width="18" height="18">
    <path d="M18 6l-6 6 6 6M11 6l-6 6 6 6" />
  </Icon>
);

export const ChevronUpIcon = () => (
  <Icon width="16" height="16">
    <path d="M6 15l6-6 6 6" />
  </Icon>
);

export const ExternalIcon = () => (
  <Icon width="16" height="16">
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);

export const DocumentIcon = () => (
  <Icon width="18" height="18">
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4M9 12h6M9 16h6" />
  </Icon>
);

/** Line icons of the game types (§1), for the left game bar and the header. */
export const EyeIcon = () => (
  <Icon width="18" height="18">
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const EyeOffIcon = () => (
  <Icon width="18" height="18">
    <path d="M3 3l18 18M10.6 5.1A10.7 10.7 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3 3.9M6.6 6.6A17.6 17.6 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Icon>
);

export const LockIcon = () => (
  <Icon>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);

export const KeyIcon = () => (
  <Icon>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="M10.7 12.3L20 3M16 7l3 3M14 9l2 2" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon width="18" height="18">
    <path d="M5 12.5l4.5 4.5L19 7" />
  </Icon>
);

export const GamepadIcon = () => (
  <Icon>
    <path d="M6 8h12a4 4 0 0 1 4 4v2a3 3 0 0 1-5.2 2L15 14H9l-1.8 2A3 3 0 0 1 2 14v-2a4 4 0 0 1 4-4z" />
    <path d="M7 11v3M5.5 12.5h3M16 11.5h.01M18 13.5h.01" />
  </Icon>
);

export const AlertIcon = () => (
  <Icon>
    <path d="M12 3l10 18H2z" />
    <path d="M12 10v5M12 18h.01" />
  </Icon>
);

/* Game lobbies and the game frame */
export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <Icon width="18" height="18" fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 20s-7.5-4.4-9.3-9.2C1.6 7.6 3.7 4.5 7 4.5c2 0 3.3 1.1 5 3 1.7-1.9 3-3 5-3 3.3 0 5.4 3.1 4.3 6.3C19.5 15.6 12 20 12 20z" />
  </Icon>
);

export const PlayIcon = () => (
  <Icon width="22" height="22" fill="currentColor">
    <path d="M8 5.5v13l10.5-6.5z" />
  </Icon>
);

export const PauseIcon = () => (
  <Icon width="16" height="16" fill="currentColor" stroke="none">
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </Icon>
);

export const ResumeIcon = () => (
  <Icon width="16" height="16" fill="currentColor" stroke="none">
    <path d="M8 5.5v13l10.5-6.5z" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon width="18" height="18">
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </Icon>
);

export const TrophyIcon = () => (
  <Icon width="18" height="18">
    <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
    <path d="M8 6H4.5a3 3 0 0 0 3.5 4M16 6h3.5a3 3 0 0 1-3.5 4M12 13v4M8.5 20h7M10 17h4" />
  </Icon>
);

export const FreePlayIcon = () => (
  <Icon width="16" height="16">
    <circle cx="12" cy="12" r="9" />
    <path d="M10 8.5v7l5.5-3.5z" />
  </Icon>
);

export const FullscreenIcon = () => (
  <Icon width="18" height="18">
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Icon>
);

export const GridIcon = () => (
  <Icon width="22" height="22">
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </Icon>
);

/* Lottery */
export const StarIcon = ({ filled }: { filled: boolean }) => (
  <Icon width="18" height="18" fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" />
  </Icon>
);

export const ClockIcon = () => (
  <Icon width="16" height="16">
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

export const CopyIcon = () => (
  <Icon width="16" height="16">
    <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
    <path d="M15.5 8.5V6.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
  </Icon>
);

export const TrashIcon = () => (
  <Icon width="16" height="16">
    <path d="M4.5 7h15M10 11v6M14 11v6M6.5 7l1 12.5h9l1-12.5M9.5 7V4.5h5V7" />
  </Icon>
);

export const GAME_TYPE_ICONS: Record<string, () => ReactNode> = {
  LOTT: () => (
    <Icon>
      <circle cx="8" cy="15" r="4.5" />
      <circle cx="16" cy="15" r="4.5" />
      <circle cx="12" cy="7.5" r="4.5" />
    </Icon>
  ),
  ELOTT: () => (
    <Icon>
      <path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z" />
      <path d="M9 7v10" strokeDasharray="2 2" />
    </Icon>
  ),
  LIVE: () => (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
      <path d="M12 3v3M12 18v3M3 12h3M18 12h3" />
    </Icon>
  ),
  RNG: () => (
    <Icon>
      <rect x="3" y="5" width="18" height="14" rx="3" />
      <path d="M7.5 10h2.5l-1.5 4M11 10h2.5L12 14M14.5 10H17l-1.5 4" />
    </Icon>
  ),
  FISH: () => (
    <Icon>
      <path d="M3 12c3-4.5 8-6 12.5-3.5L20 5v14l-4.5-3.5C11 18 6 16.5 3 12z" />
      <path d="M8 11.5h.01" />
    </Icon>
  ),
  PVP: () => (
    <Icon>
      <rect x="4" y="4" width="10" height="15" rx="2" transform="rotate(-8 9 11.5)" />
      <rect x="10" y="5" width="10" height="15" rx="2" transform="rotate(8 15 12.5)" />
    </Icon>
  ),
  SPORTS: () => (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5l4 3-1.5 4.5h-5L8 10.5z" />
      <path d="M12 3v4.5M16 10.5l4.5-1.5M14.5 15l2.5 4M9.5 15L7 19M8 10.5L3.5 9" />
    </Icon>
  ),
  ESPORTS: () => (
    <Icon>
      <path d="M7 7h10c2.5 0 3.5 2 4 5l.4 3c.4 2.3-2.3 3.4-3.8 1.6L16 15H8l-1.6 1.6C4.9 18.4 2.2 17.3 2.6 15L3 12c.5-3 1.5-5 4-5z" />
      <path d="M7 10v3M5.5 11.5h3M16 11h.01M18 12.5h.01" />
    </Icon>
  ),
};
