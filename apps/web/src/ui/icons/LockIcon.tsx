import { Lock } from 'lucide-react';
import { icon } from './icon.tsx';

export const LockIcon = icon(Lock);
