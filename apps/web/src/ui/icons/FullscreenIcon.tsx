import { Maximize } from 'lucide-react';
import { icon } from './icon.tsx';

export const FullscreenIcon = icon(Maximize, 18);
