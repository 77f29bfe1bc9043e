import { Wrench } from 'lucide-react';
import { icon } from './icon.tsx';

/** One of the large pictures of the maintenance, blocked, offline and coming-soon pages. */
export const WrenchIcon = icon(Wrench, 40, { strokeWidth: 1.6 });
