import { IdCard } from 'lucide-react';
import { icon } from './icon.tsx';

export const IdCardIcon = icon(IdCard);
