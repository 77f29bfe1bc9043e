import { Smile } from 'lucide-react';
import { icon } from './icon.tsx';

export const StickerIcon = icon(Smile, 18);
