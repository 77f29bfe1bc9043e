import { Menu } from 'lucide-react';
import { icon } from './icon.tsx';

export const MenuIcon = icon(Menu);
