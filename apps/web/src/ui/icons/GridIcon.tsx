import { LayoutGrid } from 'lucide-react';
import { icon } from './icon.tsx';

export const GridIcon = icon(LayoutGrid, 22);
