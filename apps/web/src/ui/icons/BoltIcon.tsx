import { Zap } from 'lucide-react';
import { icon } from './icon.tsx';

export const BoltIcon = icon(Zap);
