import { Download } from 'lucide-react';
import { icon } from './icon.tsx';

export const DownloadIcon = icon(Download, 18);
