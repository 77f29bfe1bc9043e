import { Ellipsis } from 'lucide-react';
import { icon } from './icon.tsx';

export const DotsIcon = icon(Ellipsis);
