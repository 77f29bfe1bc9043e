import type { LucideIcon } from 'lucide-react';

/**
 * The site's icons: Lucide's (a maintained set), at the size each place draws them. Decorative: the control that
 * holds one carries the name.
 */
// Declared free of side effects, so that a chunk carries only the icons it draws.
/* @__NO_SIDE_EFFECTS__ */
export function icon(Glyph: LucideIcon, size = 20, more: { strokeWidth?: number; fill?: string } = {}) {
  return () => <Glyph size={size} aria-hidden="true" focusable="false" {...more} />;
}
