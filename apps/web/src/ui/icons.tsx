import {
  ArrowRight,
  Ban,
  BanknoteArrowDown,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  ChevronUp,
  CircleHelp,
  CirclePlay,
  Clock,
  Copy,
  Download,
  Ellipsis,
  ExternalLink,
  Eye,
  EyeOff,
  FileText,
  Fish,
  Flame,
  Gamepad2,
  Gauge,
  Gift,
  Globe,
  Headset,
  Heart,
  House,
  IdCard,
  KeyRound,
  LayoutGrid,
  Lock,
  LogOut,
  type LucideIcon,
  Mail,
  Maximize,
  Megaphone,
  Menu,
  MessageSquareText,
  Minimize,
  Minus,
  Moon,
  Pause,
  Play,
  RotateCw,
  Search,
  Send,
  ShieldCheck,
  Smartphone,
  Smile,
  Sparkles,
  Star,
  Sun,
  Ticket,
  Trash2,
  TriangleAlert,
  Trophy,
  User,
  UserPlus,
  Users,
  Wallet,
  WifiOff,
  Wrench,
  X,
  Zap,
} from 'lucide-react';
import type { ReactNode, SVGProps } from 'react';

/**
 * The site's icons: Lucide's (a maintained set), at the size each place draws them. Decorative: the control that
 * holds one carries the name.
 */
// Declared free of side effects, so that a chunk carries only the icons it draws.
/* @__NO_SIDE_EFFECTS__ */
function icon(Glyph: LucideIcon, size = 20, more: { strokeWidth?: number; fill?: string } = {}) {
  return () => <Glyph size={size} aria-hidden="true" focusable="false" {...more} />;
}

export const CloseIcon = icon(X);
export const ChevronLeftIcon = icon(ChevronLeft);
export const ChevronRightIcon = icon(ChevronRight);
export const ChevronDownIcon = icon(ChevronDown, 16);
export const ArrowRightIcon = icon(ArrowRight, 18);
export const SunIcon = icon(Sun, 16);
export const MoonIcon = icon(Moon, 16);
export const GlobeIcon = icon(Globe, 18);
export const MegaphoneIcon = icon(Megaphone);
export const HeadsetIcon = icon(Headset, 18);
export const RefreshIcon = icon(RotateCw, 18);
export const BoltIcon = icon(Zap);
export const ShieldIcon = icon(ShieldCheck);
export const IdCardIcon = icon(IdCard);
export const PhoneIcon = icon(Smartphone);
export const MenuIcon = icon(Menu);
export const HomeIcon = icon(House, 18);
export const GiftIcon = icon(Gift, 18);
export const DownloadIcon = icon(Download, 18);
export const HelpIcon = icon(CircleHelp, 18);
export const UserIcon = icon(User);
export const UserPlusIcon = icon(UserPlus, 18);
export const WalletIcon = icon(Wallet, 18);
export const WithdrawIcon = icon(BanknoteArrowDown, 18);
export const UsersIcon = icon(Users, 18);
export const LogoutIcon = icon(LogOut, 18);
export const MailIcon = icon(Mail);
export const GaugeIcon = icon(Gauge);
export const ChatIcon = icon(MessageSquareText);
export const SendIcon = icon(Send, 18);
export const DotsIcon = icon(Ellipsis);
export const CollapseRightIcon = icon(ChevronsRight, 18);
export const ExpandLeftIcon = icon(ChevronsLeft, 18);
export const ChevronUpIcon = icon(ChevronUp, 16);
export const ExternalIcon = icon(ExternalLink, 16);
export const DocumentIcon = icon(FileText, 18);
export const EyeIcon = icon(Eye, 18);
export const EyeOffIcon = icon(EyeOff, 18);
export const LockIcon = icon(Lock);
export const KeyIcon = icon(KeyRound);
export const CheckIcon = icon(Check, 18);
export const GamepadIcon = icon(Gamepad2);
export const AlertIcon = icon(TriangleAlert);
export const SearchIcon = icon(Search, 18);
export const TrophyIcon = icon(Trophy, 18);
export const FreePlayIcon = icon(CirclePlay, 16);
export const FullscreenIcon = icon(Maximize, 18);
export const ShrinkIcon = icon(Minimize, 18);
export const MinimiseIcon = icon(Minus, 18);
export const StickerIcon = icon(Smile, 18);
export const GridIcon = icon(LayoutGrid, 22);
export const ClockIcon = icon(Clock, 16);
export const CopyIcon = icon(Copy, 16);
export const TrashIcon = icon(Trash2, 16);

/* The large pictures of the maintenance, blocked, offline and coming-soon pages. */
export const WrenchIcon = icon(Wrench, 40, { strokeWidth: 1.6 });
export const BlockedIcon = icon(Ban, 40, { strokeWidth: 1.6 });
export const OfflineIcon = icon(WifiOff, 40, { strokeWidth: 1.6 });
export const SparkIcon = icon(Sparkles, 40, { strokeWidth: 1.6 });

export const FlameIcon = icon(Flame, 14, { fill: 'currentColor' });
export const PauseIcon = icon(Pause, 16, { fill: 'currentColor' });
export const ResumeIcon = icon(Play, 16, { fill: 'currentColor' });
export const PlayIcon = icon(Play, 22, { fill: 'currentColor' });

/* Game lobbies and the lottery: outlined, or filled when chosen. */
export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <Heart size={18} aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} />
);
export const StarIcon = ({ filled }: { filled: boolean }) => (
  <Star size={18} aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} />
);

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
