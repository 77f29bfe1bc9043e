import { accessibilityScans } from './accessibility.ts';

/** The axe-core scans in the dark theme, the colour rules (accessibility.ts). */
accessibilityScans('dark');
