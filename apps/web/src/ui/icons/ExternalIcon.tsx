import { ExternalLink } from 'lucide-react';
import { icon } from './icon.tsx';

export const ExternalIcon = icon(ExternalLink, 16);
