import { House } from 'lucide-react';
import { icon } from './icon.tsx';

export const HomeIcon = icon(House, 18);
