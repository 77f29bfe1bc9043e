import { Copy } from 'lucide-react';
import { icon } from './icon.tsx';

export const CopyIcon = icon(Copy, 16);
