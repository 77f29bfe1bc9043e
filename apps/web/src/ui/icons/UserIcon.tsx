import { User } from 'lucide-react';
import { icon } from './icon.tsx';

export const UserIcon = icon(User);
