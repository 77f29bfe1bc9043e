import { type LoginValue, TRIAL_ACCOUNT_IS_AGENT, toTranslatedLanguage } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { clearFailures } from '../../platform/attempts.ts';
import { hashPassword, sha256Hex } from '../../platform/crypto.ts';
import { token as randomToken } from '../../platform/rng.ts';
import { revokeSubjectSessions } from '../../platform/sessions.ts';
import { earlierAnswer, type IdempotencyKey, write } from '../../platform/write.ts';
import { type Accounts, loginKey, requireFlag, sendingPolicy, throttle, type Visit } from './accounts.ts';
import { queueMail } from './delivery.ts';
import { memberMayEnter, startSession } from './login.ts';
import { checkConfirmation, checkNewPassword, passwordExpiry, setNewPassword } from './passwords.ts';
import { useSmsCode } from './sms-codes.ts';
import * as store from './store.ts';

const MAIL_TEXT = {
  EN: {
    subject: 'Reset your password',
    body: (name: string, link: string, minutes: number) =>
      `Hello ${name},\n\nUse this link to set a new password. It works once and expires in ${minutes} minutes:\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
  },
  VI: {
    subject: 'Đặt lại mật khẩu',
    body: (name: string, link: string, minutes: number) =>
      `Xin chào ${name},\n\nDùng liên kết này để đặt mật khẩu mới. Liên kết chỉ dùng một lần và hết hạn sau ${minutes} phút:\n\n${link}\n\nNếu bạn không yêu cầu, hãy bỏ qua thư này; mật khẩu của bạn không thay đổi.\n`,
  },
  CN: {
    subject: '重置密码',
    body: (name: string, link: string, minutes: number) =>
      `${name}，您好：\n\n请使用以下链接设置新密码。链接仅可使用一次，${minutes} 分钟后失效：\n\n${link}\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。\n`,
  },
};

/**
 * Mails the member a single-use link that expires (RESET_LINK_MINUTES) to set a new password: the link and its
 * mail are written in the caller's transaction, and the mail leaves after commit.
 */
export async function sendResetMail(accounts: Accounts, tx: Queryable, member: store.MemberDb, visit: Visit) {
  const { config } = accounts;
  const token = randomToken(accounts.rng);
  await store.insertResetToken(
    tx,
    {
      hash: sha256Hex(token),
      memberId: member.id,
      ip: visit.ip,
      expiresAt: new Date(visit.now.getTime() + config.resetLinkMinutes * 60_000),
    },
    visit.now,
  );
  const link = `${config.siteUrl}/login#resetToken=${token}`;
  const text = MAIL_TEXT[toTranslatedLanguage(member.language)];
  await queueMail(
    tx,
    config,
    {
      to: member.email,
      subject: text.subject,
      text: text.body(member.nickname || member.username, link, config.resetLinkMinutes),
      secret: link,
    },
    visit.now,
  );
}

/** Forgot password by email (§4): the user name and the email must match an account. */
export async function forgotPasswordByEmail(
  accounts: Accounts,
  input: { username: string; email: string },
  visit: Visit,
  idempotency: IdempotencyKey | null = null,
) {
  const { db } = accounts;
  const earlier = await earlierAnswer<{ sent: true }>(db, idempotency);
  if (earlier) return earlier;
  await throttle(
    db,
    [
      [`reset-mail:${input.username.toLowerCase()}`, sendingPolicy(5)],
      [`reset-mail-ip:${visit.ip}`, sendingPolicy(20)],
    ],
    visit.now,
  );
  const member = await store.findMemberByUsername(db, input.username);
  if (
    !member?.email ||
    member.email !== input.email.toLowerCase() ||
    member.type === TRIAL_ACCOUNT_IS_AGENT
  ) {
    throw new AppError('email_not_found');
  }
  return write(db, { isolation: 'read committed', idempotency }, async (tx) => {
    await sendResetMail(accounts, tx, member, visit);
    return { sent: true as const };
  });
}

/** Sets a new password with the emailed link's token; the link is then used up and every session ends. */
export async function resetPassword(
  accounts: Accounts,
  input: { token: string; newPassword: string; confirmNewPassword: string },
  visit: Visit,
) {
  const { db, config } = accounts;
  checkConfirmation(input.newPassword, input.confirmNewPassword);
  const hash = sha256Hex(input.token);
  if (!(await store.resetTokenUsable(db, hash, visit.now))) throw new AppError('reset_link_invalid');
  checkNewPassword(input.newPassword, visit.language);
  const passwordHash = await hashPassword(input.newPassword);
  return write(db, { isolation: 'read committed' }, async (tx) => {
    const memberId = await store.consumeResetToken(tx, hash, visit.now);
    const member = memberId === null ? null : await store.findMember(tx, memberId);
    if (!member) throw new AppError('reset_link_invalid');
    await store.setPassword(tx, member.id, {
      hash: passwordHash,
      changedAt: visit.now,
      expiresAt: passwordExpiry(config, visit.now),
      mustChange: false,
    });
    await revokeSubjectSessions(tx, 'member', member.id, visit.now);
    await clearFailures(tx, loginKey(member.username));
    return { userName: member.username };
  });
}

/** Forgot password by phone (CHNGPASSVERIF3): the SMS code (purpose resetPassword) sets a new password and logs in. */
export async function resetPasswordByPhone(
  accounts: Accounts,
  input: {
    mobileNum: string;
    countryDialingCode: string;
    verificationCode: string;
    newPassword: string;
    confirmNewPassword?: string | undefined;
  },
  visit: Visit,
): Promise<LoginValue> {
  const { db, config } = accounts;
  await requireFlag(db, 'CHNGPASSVERIF3');
  checkConfirmation(input.newPassword, input.confirmNewPassword);
  checkNewPassword(input.newPassword, visit.language);
  const member = await store.findMemberByMobile(db, input.countryDialingCode, input.mobileNum);
  const result = member
    ? await useSmsCode(
        db,
        input.countryDialingCode,
        input.mobileNum,
        'resetPassword',
        input.verificationCode,
        visit.now,
      )
    : 'invalid';
  if (!member || result !== 'ok') {
    throw new AppError(result === 'expired' ? 'sms_code_expired' : 'sms_code_invalid', {
      verificationCode: 'invalid_value',
    });
  }
  memberMayEnter(member);
  const passwordHash = await hashPassword(input.newPassword);
  return write(db, { isolation: 'read committed' }, async (tx) => {
    await setNewPassword(tx, config, member.id, passwordHash, visit.now);
    await revokeSubjectSessions(tx, 'member', member.id, visit.now);
    await clearFailures(tx, loginKey(member.username));
    return startSession(accounts, tx, member, 'resetPassword', visit);
  });
}
