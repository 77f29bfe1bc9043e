import { X } from 'lucide-react';
import { icon } from './icon.tsx';

export const CloseIcon = icon(X);
