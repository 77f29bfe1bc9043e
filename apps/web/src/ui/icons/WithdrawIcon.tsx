import { BanknoteArrowDown } from 'lucide-react';
import { icon } from './icon.tsx';

export const WithdrawIcon = icon(BanknoteArrowDown, 18);
