import { Pause } from 'lucide-react';
import { icon } from './icon.tsx';

export const PauseIcon = icon(Pause, 16, { fill: 'currentColor' });
