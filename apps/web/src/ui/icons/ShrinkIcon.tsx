import { Minimize } from 'lucide-react';
import { icon } from './icon.tsx';

export const ShrinkIcon = icon(Minimize, 18);
