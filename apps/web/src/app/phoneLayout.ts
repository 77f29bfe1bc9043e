import { PHONE_MAX_WIDTH } from '@tessera/contract';
import { useSyncExternalStore } from 'react';

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
