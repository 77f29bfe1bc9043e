import { ChevronsRight } from 'lucide-react';
import { icon } from './icon.tsx';

export const CollapseRightIcon = icon(ChevronsRight, 18);
