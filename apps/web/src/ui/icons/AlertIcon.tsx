import { TriangleAlert } from 'lucide-react';
import { icon } from './icon.tsx';

export const AlertIcon = icon(TriangleAlert);
