import { Star } from 'lucide-react';

/** Game lobbies and the lottery: outlined, or filled when chosen. */
export const StarIcon = ({ filled }: { filled: boolean }) => (
  <Star size={18} aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} />
);
