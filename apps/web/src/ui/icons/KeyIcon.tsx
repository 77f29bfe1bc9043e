import { KeyRound } from 'lucide-react';
import { icon } from './icon.tsx';

export const KeyIcon = icon(KeyRound);
