import type { Queryable } from '../../db/database.ts';
import type { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import { publish } from '../../platform/realtime.ts';
import { type Localized, sendMessage } from '../inbox/service.ts';
import * as store from './store.ts';

/**
 * An operator's edit of a member's profile (issue 25 item 2): e-mail, mobile number and payee name. Each field that
 * changes is kept with its old and new value and the operator (member_profile_changes; a new number also in the
 * member's number changes), the member is told in the inbox, in the caller's (audited) transaction.
 */

const FIELD_NAMES: Record<'email' | 'mobile' | 'payee_name', Localized> = {
  email: { EN: 'e-mail address', VI: 'địa chỉ e-mail', CN: '电子邮箱' },
  mobile: { EN: 'mobile number', VI: 'số điện thoại', CN: '手机号码' },
  payee_name: { EN: 'payee name', VI: 'tên người nhận', CN: '收款人姓名' },
};

export interface ProfileEdit {
  email?: string | undefined;
  countryDialingCode?: string | undefined;
  mobileNum?: string | undefined;
  payeeName?: string | undefined;
}

/** Applies the edit in the caller's transaction; answers the audit's before and after (the fields that changed). */
export async function editProfile(
  tx: Queryable,
  who: ReturnType<typeof asOperator>,
  memberId: number,
  edit: ProfileEdit,
  now: Date,
): Promise<{ before: Record<string, string>; after: Record<string, string> }> {
  const member = await store.findMember(tx, memberId);
  if (!member) throw new AppError('not_found');
  const oldMobile = member.mobile ? `${member.country_dialing_code ?? ''} ${member.mobile}` : '';
  const next = {
    email: edit.email === undefined ? member.email : edit.email.toLowerCase(),
    mobile: edit.mobileNum === undefined ? oldMobile : `${edit.countryDialingCode} ${edit.mobileNum}`,
    payee_name: edit.payeeName === undefined ? member.payee_name : edit.payeeName.replace(/\s+/g, ' '),
  };
  const old = { email: member.email, mobile: oldMobile, payee_name: member.payee_name };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) => next[field] !== old[field]);
  if (changed.length === 0) return { before: {}, after: {} };
  if (changed.includes('mobile') && edit.countryDialingCode && edit.mobileNum) {
    if (await store.mobileTaken(tx, edit.countryDialingCode, edit.mobileNum)) {
      throw new AppError('mobile_taken', { mobileNum: 'taken' });
    }
    await store.changeMobile(
      tx,
      { memberId, countryDialingCode: edit.countryDialingCode, mobile: edit.mobileNum, ip: '' },
      now,
    );
  }
  await store.updateProfileFields(tx, memberId, { email: next.email, payeeName: next.payee_name });
  for (const field of changed) {
    await store.insertProfileChange(tx, {
      memberId,
      operatorId: who.operatorId,
      field,
      oldValue: old[field],
      newValue: next[field],
      at: now,
    });
  }
  const list = (language: 'EN' | 'VI' | 'CN') =>
    changed
      .map((field) => FIELD_NAMES[field][language] ?? FIELD_NAMES[field].EN)
      .join(language === 'CN' ? '、' : ', ');
  await sendMessage(
    tx,
    memberId,
    'PROFILE_CHANGED',
    { fields: { EN: list('EN'), VI: list('VI'), CN: list('CN') } },
    now,
  );
  await publish(tx, { type: 'member.changed', areas: ['profile'] }, { member: memberId });
  return {
    before: Object.fromEntries(changed.map((field) => [field, old[field]])),
    after: Object.fromEntries(changed.map((field) => [field, next[field]])),
  };
}
