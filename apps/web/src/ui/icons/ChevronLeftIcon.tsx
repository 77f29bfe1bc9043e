import { ChevronLeft } from 'lucide-react';
import { icon } from './icon.tsx';

export const ChevronLeftIcon = icon(ChevronLeft);
