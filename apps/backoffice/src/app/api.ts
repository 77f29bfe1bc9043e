import { createClient } from '@tessera/contract';
import { apiLanguage } from '../i18n/index.ts';
import { goTo } from './navigation.ts';
import { queryClient } from './queryClient.ts';
import { endSession, getToken } from './session.ts';

/** The typed caller of the console's endpoints. */
export const call = createClient({
  token: () => getToken(),
  language: apiLanguage,
  onUnauthorized: (error) => {
    // A refused sign-in also answers 401; only a session that was presented and is gone ends here.
    if (!getToken()) return;
    endSession(error.message);
    queryClient.clear();
    goTo('/login');
  },
});
