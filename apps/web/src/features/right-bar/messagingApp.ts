import { useWhitelabel } from '../site/queries.ts';

/** The whitelabel's messaging-app link (§2 right bar menu), when it is a web address. */
export function useMessagingAppUrl(): string | null {
  const { data: whitelabel } = useWhitelabel();
  const url = whitelabel?.messagingAppUrl ?? '';
  return /^https?:\/\//i.test(url) ? url : null;
}
