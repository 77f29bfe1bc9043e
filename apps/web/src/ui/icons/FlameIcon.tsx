import { Flame } from 'lucide-react';
import { icon } from './icon.tsx';

export const FlameIcon = icon(Flame, 14, { fill: 'currentColor' });
