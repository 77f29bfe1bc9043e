import { Check } from 'lucide-react';
import { icon } from './icon.tsx';

export const CheckIcon = icon(Check, 18);
