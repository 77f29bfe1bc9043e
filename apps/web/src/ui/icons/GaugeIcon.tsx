import { Gauge } from 'lucide-react';
import { icon } from './icon.tsx';

export const GaugeIcon = icon(Gauge);
