import { UserPlus } from 'lucide-react';
import { icon } from './icon.tsx';

export const UserPlusIcon = icon(UserPlus, 18);
