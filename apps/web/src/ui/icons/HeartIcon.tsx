import { Heart } from 'lucide-react';

/** Game lobbies and the lottery: outlined, or filled when chosen. */
export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <Heart size={18} aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} />
);
