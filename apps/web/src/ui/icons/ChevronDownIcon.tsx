import { ChevronDown } from 'lucide-react';
import { icon } from './icon.tsx';

export const ChevronDownIcon = icon(ChevronDown, 16);
