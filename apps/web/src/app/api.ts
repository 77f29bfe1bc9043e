import { createClient } from '@tessera/contract';
import { getSiteLanguage } from '../i18n/language.ts';
import { deviceId } from '../lib/device-id.ts';
import { endSession, getToken } from './session.ts';

/**
 * The typed caller of the platform's endpoints (§7), sending the site language, the session token and the
 * browser's device id. A token
 * the server no longer accepts (expired, revoked at logout elsewhere, or by an operator) ends the session here.
 */
export const api = createClient({
  language: getSiteLanguage,
  token: getToken,
  deviceId,
  onUnauthorized: (error) => {
    if (getToken() && (error.code === 'unauthorized' || error.code === 'session_expired')) endSession();
  },
});
