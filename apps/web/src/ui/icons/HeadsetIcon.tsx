import { Headset } from 'lucide-react';
import { icon } from './icon.tsx';

export const HeadsetIcon = icon(Headset, 18);
