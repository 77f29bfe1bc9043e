import { Search } from 'lucide-react';
import { icon } from './icon.tsx';

export const SearchIcon = icon(Search, 18);
