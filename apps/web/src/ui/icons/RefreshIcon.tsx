import { RotateCw } from 'lucide-react';
import { icon } from './icon.tsx';

export const RefreshIcon = icon(RotateCw, 18);
