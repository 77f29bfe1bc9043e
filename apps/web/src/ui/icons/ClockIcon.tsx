import { Clock } from 'lucide-react';
import { icon } from './icon.tsx';

export const ClockIcon = icon(Clock, 16);
