import { FileText } from 'lucide-react';
import { icon } from './icon.tsx';

export const DocumentIcon = icon(FileText, 18);
