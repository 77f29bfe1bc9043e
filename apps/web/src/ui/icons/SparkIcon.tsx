import { Sparkles } from 'lucide-react';
import { icon } from './icon.tsx';

/** One of the large pictures of the maintenance, blocked, offline and coming-soon pages. */
export const SparkIcon = icon(Sparkles, 40, { strokeWidth: 1.6 });
