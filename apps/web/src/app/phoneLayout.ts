import { useSyncExternalStore } from 'react';

/**
 * Up to this width the site takes its phone layout: the compact header with the account drawer, the bottom tab
 * bar, no right bar. The style sheets use the same number in their `@media (max-width: 760px)` rules.
 */
export const PHONE_MAX_WIDTH = 760;

const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

function isPhoneWidth(): boolean {
  return window.matchMedia(PHONE_QUERY).matches;
}

/** Whether the screen is phone-sized, following it as it changes (rotation, a resized window). */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhoneWidth, () => false);
}
