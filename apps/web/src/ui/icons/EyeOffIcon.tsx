import { EyeOff } from 'lucide-react';
import { icon } from './icon.tsx';

export const EyeOffIcon = icon(EyeOff, 18);
