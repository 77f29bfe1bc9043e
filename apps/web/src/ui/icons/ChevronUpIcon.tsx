import { ChevronUp } from 'lucide-react';
import { icon } from './icon.tsx';

export const ChevronUpIcon = icon(ChevronUp, 16);
