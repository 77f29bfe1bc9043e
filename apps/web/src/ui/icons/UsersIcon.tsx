import { Users } from 'lucide-react';
import { icon } from './icon.tsx';

export const UsersIcon = icon(Users, 18);
