import { DEVICE_ID_PATTERN } from '@tessera/contract';
import { local } from './storage.ts';

const KEY = 'device-id';
let current: string | null = null;

/**
 * This browser's device id: random, generated once and kept in local storage (a browser that keeps nothing gets a
 * new one per visit). Sent as a header (the Device-Id of the contract's client), never in a URL.
 */
export function deviceId(): string {
  if (current) return current;
  const stored = local.get(KEY);
  if (stored && DEVICE_ID_PATTERN.test(stored)) {
    current = stored;
    return current;
  }
  // getRandomValues, not randomUUID: the latter needs a secure context.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  current = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  local.set(KEY, current);
  return current;
}
