import { createClient } from '@tessera/contract';
import { getSiteLanguage } from '../i18n/language.ts';
import { getToken } from './session.ts';

/** The typed caller of the platform's endpoints (§7), sending the site language and the session token. */
export const api = createClient({ language: getSiteLanguage, token: getToken });
