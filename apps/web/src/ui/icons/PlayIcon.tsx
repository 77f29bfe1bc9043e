import { Play } from 'lucide-react';
import { icon } from './icon.tsx';

export const PlayIcon = icon(Play, 22, { fill: 'currentColor' });
