import { CircleHelp } from 'lucide-react';
import { icon } from './icon.tsx';

export const HelpIcon = icon(CircleHelp, 18);
