import { Globe } from 'lucide-react';
import { icon } from './icon.tsx';

export const GlobeIcon = icon(Globe, 18);
