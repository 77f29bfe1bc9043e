import { Gift } from 'lucide-react';
import { icon } from './icon.tsx';

export const GiftIcon = icon(Gift, 18);
