import { MessageSquareText } from 'lucide-react';
import { icon } from './icon.tsx';

export const ChatIcon = icon(MessageSquareText);
