import { Wallet } from 'lucide-react';
import { icon } from './icon.tsx';

export const WalletIcon = icon(Wallet, 18);
