import { ApiError } from '@tessera/contract';

/** The two words every app's bundle has for a refusal without the server's own message. */
type ErrorKey = 'errors.network_error' | 'errors.internal_error';

/**
 * The text of a refusal: the envelope's message, translated by the server in the Language header's language; the
 * app's own words when the network failed or the error is not the server's.
 */
export function errorText(t: (key: ErrorKey) => string, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network_error') return t('errors.network_error');
    return error.message || t('errors.internal_error');
  }
  return t('errors.internal_error');
}
