import { accessibilityScans } from './accessibility.ts';

/** The axe-core scans in the light theme, every rule (accessibility.ts). */
accessibilityScans('light');
