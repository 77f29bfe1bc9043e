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
