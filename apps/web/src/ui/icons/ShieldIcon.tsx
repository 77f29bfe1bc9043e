import { ShieldCheck } from 'lucide-react';
import { icon } from './icon.tsx';

export const ShieldIcon = icon(ShieldCheck);
