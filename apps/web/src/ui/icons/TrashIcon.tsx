import { Trash2 } from 'lucide-react';
import { icon } from './icon.tsx';

export const TrashIcon = icon(Trash2, 16);
