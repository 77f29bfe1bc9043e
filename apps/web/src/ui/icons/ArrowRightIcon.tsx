import { ArrowRight } from 'lucide-react';
import { icon } from './icon.tsx';

export const ArrowRightIcon = icon(ArrowRight, 18);
