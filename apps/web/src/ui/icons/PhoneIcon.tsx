import { Smartphone } from 'lucide-react';
import { icon } from './icon.tsx';

export const PhoneIcon = icon(Smartphone);
