import { ChevronRight } from 'lucide-react';
import { icon } from './icon.tsx';

export const ChevronRightIcon = icon(ChevronRight);
