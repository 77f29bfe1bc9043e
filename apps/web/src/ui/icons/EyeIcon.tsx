import { Eye } from 'lucide-react';
import { icon } from './icon.tsx';

export const EyeIcon = icon(Eye, 18);
