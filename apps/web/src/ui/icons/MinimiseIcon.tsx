import { Minus } from 'lucide-react';
import { icon } from './icon.tsx';

export const MinimiseIcon = icon(Minus, 18);
