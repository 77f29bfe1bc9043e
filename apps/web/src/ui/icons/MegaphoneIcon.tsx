import { Megaphone } from 'lucide-react';
import { icon } from './icon.tsx';

export const MegaphoneIcon = icon(Megaphone);
