import { type securityConfig, TRIAL_ACCOUNT_IS_AGENT } from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { memberInfoView } from './profile.ts';
import * as store from './store.ts';

type SecurityConfig = z.infer<typeof securityConfig>;
type SecondFactor = SecurityConfig['loginVerification']['methods'][number];

/**
 * Which second factors and security settings the member has: a bound mobile number and e-mail (masked as member
 * info masks them), a payment password, a payee (bank account) name, and the password's expiry. The second factor
 * of a login from a new address (LOGINIPVERF3) and Google Authenticator come with the second-factor work; until
 * then they are off, and `methods` lists what the member could answer with.
 */
export async function memberSecurity(db: Queryable, memberId: number): Promise<SecurityConfig> {
  const [member, paymentPassword] = await Promise.all([
    store.findMember(db, memberId),
    store.hasPaymentPassword(db, memberId),
  ]);
  if (!member) throw new AppError('unauthorized');
  const view = memberInfoView(member);
  const mobile = member.mobile !== null;
  const email = member.email !== '';
  const payeeName = member.payee_name !== '';
  const methods: SecondFactor[] = [];
  if (mobile) methods.push('mobile');
  if (email) methods.push('email');
  if (payeeName) methods.push('bankAccountName');
  return {
    loginVerification: { enabled: false, methods: member.type === TRIAL_ACCOUNT_IS_AGENT ? [] : methods },
    mobile: { bound: mobile, countryDialingCode: view.countryDialingCode, mobileNum: view.mobileNum },
    email: { bound: email, email: view.email },
    paymentPassword: { set: paymentPassword },
    payeeName: { set: payeeName },
    googleAuthenticator: { bound: false },
    password: { expiresAt: view.passwordExpiresAt, mustChange: member.must_change_password },
  };
}

/**
 * The second factor of a login from an unregistered address (/wps/session/login/verification, LOGINIPVERF3) and
 * the geetest captcha (/wps/captcha/geetest, GEETEST3): not built, so their flags are off and both are refused.
 */
export function notEnabled(): never {
  throw new AppError('feature_disabled');
}
