import { Send } from 'lucide-react';
import { icon } from './icon.tsx';

export const SendIcon = icon(Send, 18);
