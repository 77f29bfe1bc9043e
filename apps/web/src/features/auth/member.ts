import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { MemberInfo } from '@tessera/contract';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { getToken, setSessionMember } from '../../app/session.ts';

/** Member info (§3) of the session's token; the token is part of the key, so members never share a cache entry. */
export const memberInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', token, 'info'],
    queryFn: ({ signal }) => api(accountEndpoints.memberInfo, { signal }),
    enabled: token !== null,
  });

/** The member's avatar and the static avatars to choose from (§3 avatar). */
export const avatarQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['member', token, 'avatar'],
    queryFn: ({ signal }) => api(accountEndpoints.avatar, { signal }),
    enabled: token !== null,
  });

/**
 * The name the header shows: the nickname; without one, the account name, except for an account named after its
 * mobile number at registration (m, the dialing code, the number), which shows the number as the member info masks
 * it ("+84 •••678") rather than "m84912345678".
 */
export function shownName(
  info: Pick<MemberInfo, 'nickname' | 'account' | 'countryDialingCode' | 'mobileNum'>,
): string {
  if (info.nickname) return info.nickname;
  const namedAfterMobile =
    info.countryDialingCode !== '' &&
    info.mobileNum !== '' &&
    info.account.startsWith(`m${info.countryDialingCode}`);
  return namedAfterMobile
    ? `+${info.countryDialingCode} •••${info.mobileNum.replace(/^\*+/, '')}`
    : info.account;
}

/**
 * Loads the logged-in member's info and avatar (§4 "login info") and hands the header what it shows: its name
 * (shownName), avatar and account type. The balance comes from the wallet's query.
 */
export async function loadMemberInfo(queryClient: QueryClient): Promise<MemberInfo | null> {
  const token = getToken();
  if (!token) return null;
  const [info, avatar] = await Promise.all([
    queryClient.fetchQuery({ ...memberInfoQuery(token), staleTime: 0 }),
    queryClient.fetchQuery({ ...avatarQuery(token), staleTime: 0 }),
  ]);
  if (getToken() !== token) return null;
  setSessionMember({
    nickname: shownName(info),
    avatarUrl: avatar.url,
    isAgent: info.type,
  });
  return info;
}
