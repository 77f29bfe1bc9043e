import { ChevronsLeft } from 'lucide-react';
import { icon } from './icon.tsx';

export const ExpandLeftIcon = icon(ChevronsLeft, 18);
