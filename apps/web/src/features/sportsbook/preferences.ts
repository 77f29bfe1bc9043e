import { useEffect } from 'react';
import { api } from '../../app/api.ts';
import { sportsbookEndpoints } from '../../app/endpoints.ts';
import { useSession } from '../../app/session.ts';
import { applyPreferences, bookPreferences, onPreferencesChosen } from './slip.ts';

/**
 * The book's odds format and price-change choice on the member's account: at sign-in (or when the app opens signed
 * in) the account's choices are shown everywhere prices are; an account without any takes the ones this browser
 * holds (a visitor's choice is kept). While signed in, each choice the member makes is saved to the account.
 */
export function useBookPreferences(): void {
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    let active = true;
    let changed = false;
    const save = () => api(sportsbookEndpoints.savePreferences, { body: bookPreferences() });
    const stop = onPreferencesChosen(() => {
      changed = true;
      // A choice not saved stays in this browser; the next sign-in offers it again.
      save().catch(() => undefined);
    });
    api(sportsbookEndpoints.preferences)
      .then((saved) => {
        if (!active || changed) return;
        if (saved) applyPreferences(saved);
        else return save();
      })
      .catch(() => undefined);
    return () => {
      active = false;
      stop();
    };
  }, [token]);
}
