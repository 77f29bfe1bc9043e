import { Ban } from 'lucide-react';
import { icon } from './icon.tsx';

/** One of the large pictures of the maintenance, blocked, offline and coming-soon pages. */
export const BlockedIcon = icon(Ban, 40, { strokeWidth: 1.6 });
