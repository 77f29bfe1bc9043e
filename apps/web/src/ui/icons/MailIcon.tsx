import { Mail } from 'lucide-react';
import { icon } from './icon.tsx';

export const MailIcon = icon(Mail);
