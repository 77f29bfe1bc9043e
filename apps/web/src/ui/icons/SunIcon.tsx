import { Sun } from 'lucide-react';
import { icon } from './icon.tsx';

export const SunIcon = icon(Sun, 16);
