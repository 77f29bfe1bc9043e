import { Trophy } from 'lucide-react';
import { icon } from './icon.tsx';

export const TrophyIcon = icon(Trophy, 18);
