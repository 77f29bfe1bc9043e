import { LogOut } from 'lucide-react';
import { icon } from './icon.tsx';

export const LogoutIcon = icon(LogOut, 18);
