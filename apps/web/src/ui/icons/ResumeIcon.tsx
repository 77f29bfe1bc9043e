import { Play } from 'lucide-react';
import { icon } from './icon.tsx';

export const ResumeIcon = icon(Play, 16, { fill: 'currentColor' });
