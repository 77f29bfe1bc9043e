import type { LanguageCode, MemberInfo } from '@tessera/contract';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { publish } from '../../platform/realtime.ts';
import { write } from '../../platform/write.ts';
import { avatarSvg } from './avatar-art.ts';
import * as store from './store.ts';

const avatarUrl = (avatar: string) => `/images/avatars/${avatar}.svg`;
const DEFAULT_AVATAR = 'a01';

/** A number or code with all but its last `keep` characters starred, as member info shows it. */
export const masked = (value: string, keep = 3) =>
  value.length <= keep ? value : `${'*'.repeat(value.length - keep)}${value.slice(-keep)}`;
const maskedEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return email ? `${name.slice(0, 2)}***@${domain}` : '';
};

export function memberInfoView(member: store.MemberDb): MemberInfo {
  const avatar = member.avatar || DEFAULT_AVATAR;
  return {
    id: member.id,
    account: member.username,
    nickname: member.nickname,
    type: member.type,
    toUpline: member.to_upline ? 1 : 0,
    clubLabel: { labelName: member.club_label, rankLevel: member.club_rank },
    memberLabel: member.member_labels,
    avatar: { avatarType: 'STATIC', avatar, url: avatarUrl(avatar) },
    language: member.language,
    email: maskedEmail(member.email),
    countryDialingCode: member.country_dialing_code ?? '',
    mobileNum: member.mobile ? masked(member.mobile) : '',
    firstLoginAt: member.first_login_at?.toISOString() ?? null,
    lastLoginAt: member.last_login_at?.toISOString() ?? null,
    previousLoginAt: member.previous_login_at?.toISOString() ?? null,
    previousLoginIp: member.previous_login_ip,
    mustChangePassword: member.must_change_password,
    passwordExpiresAt: member.password_expires_at?.toISOString() ?? null,
  };
}

export async function memberInfo(db: Queryable, memberId: number): Promise<MemberInfo> {
  const member = await store.findMember(db, memberId);
  if (!member) throw new AppError('unauthorized');
  return memberInfoView(member);
}

export async function playerAvatar(db: Queryable, memberId: number) {
  const [member, options] = await Promise.all([store.findMember(db, memberId), store.listAvatars(db)]);
  if (!member) throw new AppError('unauthorized');
  const avatar = member.avatar || DEFAULT_AVATAR;
  return {
    avatarType: 'STATIC' as const,
    avatar,
    url: avatarUrl(avatar),
    options: options.map((option) => ({ avatar: option.id, name: option.name, url: avatarUrl(option.id) })),
  };
}

/** An avatar's picture (SVG) by its file name (`<id>.svg`); not_found for any other name. */
export async function avatarImage(db: Queryable, file: string): Promise<string> {
  const id = /^([a-z0-9]{1,20})\.svg$/.exec(file)?.[1];
  const found = id ? (await store.listAvatars(db)).find((avatar) => avatar.id === id) : undefined;
  if (!found) throw new AppError('not_found');
  return avatarSvg(found.id, found.name);
}

const READ_COMMITTED = { isolation: 'read committed' } as const;

/** Changes the member's profile and tells the member's other open pages (every tab, every device). */
async function changeProfile(
  tx: Queryable,
  memberId: number,
  change: Parameters<typeof store.updateMember>[2],
) {
  await store.updateMember(tx, memberId, change);
  await publish(tx, { type: 'member.changed', areas: ['profile'] }, { member: memberId });
}

export async function setAvatar(db: Database, memberId: number, avatar: string) {
  if (!(await store.avatarExists(db, avatar)))
    throw new AppError('validation_failed', { avatar: 'invalid_value' });
  await write(db, READ_COMMITTED, (tx) => changeProfile(tx, memberId, { avatar }));
  return playerAvatar(db, memberId);
}

export async function setNickname(db: Database, memberId: number, nickname: string) {
  await write(db, READ_COMMITTED, (tx) => changeProfile(tx, memberId, { nickname }));
  return memberInfo(db, memberId);
}

export async function setLanguage(db: Database, memberId: number, language: LanguageCode) {
  await write(db, READ_COMMITTED, (tx) => changeProfile(tx, memberId, { language }));
  return { language };
}
