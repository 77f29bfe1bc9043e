import { Moon } from 'lucide-react';
import { icon } from './icon.tsx';

export const MoonIcon = icon(Moon, 16);
