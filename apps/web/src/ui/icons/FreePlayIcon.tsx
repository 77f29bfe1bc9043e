import { CirclePlay } from 'lucide-react';
import { icon } from './icon.tsx';

export const FreePlayIcon = icon(CirclePlay, 16);
