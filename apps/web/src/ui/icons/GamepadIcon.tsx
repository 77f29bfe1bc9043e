import { Gamepad2 } from 'lucide-react';
import { icon } from './icon.tsx';

export const GamepadIcon = icon(Gamepad2);
