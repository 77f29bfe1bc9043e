import {
  accountsEndpoints as api,
  accountsConsoleEndpoints as bo,
  DEVICE_ID_HEADER,
  DEVICE_ID_PATTERN,
  type LanguageCode,
} from '@tessera/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { asMember, asOperator, type Caller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { legacyPublicModulus } from '../../platform/legacy-encryption.ts';
import { operatorWrite } from '../../platform/operator-write.ts';
import { ensureServerKey, publicServerKey, rotateServerKey } from '../../platform/payload-crypto.ts';
import { route } from '../../platform/route.ts';
import { type Accounts, registrationLimit, type Visit } from './accounts.ts';
import type { AffiliateLinks } from './affiliates.ts';
import type { HumanVerifier } from './captcha.ts';
import { bindCaptcha, withCaptchaCookie } from './captcha-cookie.ts';
import { loginFailures, mailOutbox, players, smsOutbox } from './console-lists.ts';

import { captchaProviderOf, verifierFromConfig } from './human-verifiers.ts';
import { freePlay, login, logout } from './login.ts';
import { bindMobile, dialingCodeOf, mobileChanges } from './mobile-numbers.ts';
import { changePassword } from './password-change.ts';
import { forgotPasswordByEmail, resetPassword, resetPasswordByPhone } from './password-reset.ts';
import {
  forcePasswordChange,
  lockPlayer,
  playerDetail,
  resetPlayerPassword,
  unlockPlayer,
} from './players.ts';
import { avatarImage, memberInfo, playerAvatar, setAvatar, setLanguage, setNickname } from './profile.ts';
import { editProfile } from './profile-edits.ts';
import { autoUsername, checkUsername } from './quick-registration.ts';
import { checkAffiliate, register } from './registration.ts';
import { memberSecurity, notEnabled } from './security.ts';
import { sendSmsCode } from './sms-codes.ts';

export interface AccountsOptions {
  verifier?: HumanVerifier;
  affiliateLinks?: AffiliateLinks;
}

const header = (request: FastifyRequest, name: string, max: number) => {
  const value = request.headers[name];
  return (typeof value === 'string' ? value : '').slice(0, max);
};

export function accountsRoutes(app: FastifyInstance, deps: AppDeps, options: AccountsOptions = {}): void {
  const { db, config } = deps;
  const accounts: Accounts = {
    db,
    config,
    rng: deps.rng,
    verifier: options.verifier ?? verifierFromConfig(config, deps.rng),
    affiliateLinks: options.affiliateLinks,
  };
  // The key pair for encrypted bodies exists from the first start on.
  app.addHook('onReady', async () => {
    await ensureServerKey(db, deps.clock.now());
  });
  const visit = (ctx: { request: FastifyRequest; ip: string; language: string; now: Date }): Visit => {
    const sent = header(ctx.request, DEVICE_ID_HEADER.toLowerCase(), 64);
    const deviceId = DEVICE_ID_PATTERN.test(sent) ? sent : '';
    return {
      ip: ctx.ip,
      device: deviceId || header(ctx.request, 'device', 20),
      deviceId,
      userAgent: header(ctx.request, 'user-agent', 300),
      language: ctx.language,
      now: ctx.now,
    };
  };

  route(app, deps, api.encryptionKey, async ({ now }) => publicServerKey(db, now));
  route(app, deps, api.captcha, async ({ now, request, reply }) =>
    bindCaptcha(request, reply, await accounts.verifier.challenge(db, now)),
  );
  route(app, deps, api.captchaProvider, async () => captchaProviderOf(config));
  route(app, deps, api.legacyKey, async ({ now }) => legacyPublicModulus(db, config.legacyEncryption, now));
  route(app, deps, api.login, async (ctx) =>
    login(accounts, withCaptchaCookie(ctx.body, ctx.request), visit(ctx)),
  );
  route(app, deps, api.loginVerification, async () => notEnabled());
  route(app, deps, api.geetest, async () => notEnabled());
  route(app, deps, api.freePlay, async (ctx) => freePlay(accounts, visit(ctx), ctx.idempotency));
  for (const endpoint of [api.logout, api.logoutPost]) {
    route(app, deps, endpoint, async ({ caller, now }) => logout(db, asMember(caller).tokenHash, now));
  }
  // REGISTER_MAX_PER_IP accounts an hour from one address (counted in the database, shared by every process).
  const registrations = { perAddress: registrationLimit };
  route(
    app,
    deps,
    api.register,
    async (ctx) =>
      register(accounts, 'username', withCaptchaCookie(ctx.body, ctx.request), visit(ctx), ctx.idempotency),
    registrations,
  );
  route(
    app,
    deps,
    api.registerMobile,
    async (ctx) =>
      register(accounts, 'mobile', withCaptchaCookie(ctx.body, ctx.request), visit(ctx), ctx.idempotency),
    registrations,
  );
  route(app, deps, api.autoUsername, async () => autoUsername(db, deps.rng));
  route(app, deps, api.checkUsername, async ({ query, language }) =>
    checkUsername(db, query.username, language),
  );
  route(app, deps, api.affiliateCheck, async ({ query }) => checkAffiliate(accounts, query.code));
  route(app, deps, api.smsRegister, async (ctx) =>
    sendSmsCode(
      accounts,
      {
        countryDialingCode: ctx.body.countryDialingCode,
        mobile: ctx.body.mobileNo,
        purpose: 'register',
        field: 'mobileNo',
      },
      visit(ctx),
      ctx.idempotency,
    ),
  );
  route(app, deps, api.smsRegisterUsername, async (ctx) =>
    sendSmsCode(
      accounts,
      {
        countryDialingCode: ctx.body.countryDialingCode,
        mobile: ctx.body.mobileNo,
        purpose: 'register',
        username: ctx.body.username,
        field: 'mobileNo',
      },
      visit(ctx),
      ctx.idempotency,
    ),
  );
  route(app, deps, api.smsNoLogin, async (ctx) =>
    sendSmsCode(
      accounts,
      {
        countryDialingCode: ctx.body.countryDialingCode,
        mobile: ctx.body.mobileNum,
        purpose: ctx.body.purpose,
        field: 'mobileNum',
      },
      visit(ctx),
      ctx.idempotency,
    ),
  );
  route(app, deps, api.passwordSms, async (ctx) =>
    sendSmsCode(
      accounts,
      {
        countryDialingCode: ctx.body.countryDialingCode,
        mobile: ctx.body.mobileNum,
        purpose: 'resetPassword',
        field: 'mobileNum',
      },
      visit(ctx),
      ctx.idempotency,
    ),
  );
  route(app, deps, api.forgotPasswordEmail, async (ctx) =>
    forgotPasswordByEmail(accounts, ctx.body, visit(ctx), ctx.idempotency),
  );
  route(app, deps, api.resetPassword, async (ctx) => resetPassword(accounts, ctx.body, visit(ctx)));
  route(app, deps, api.resetPasswordByPhone, async (ctx) =>
    resetPasswordByPhone(
      accounts,
      {
        ...ctx.body,
        countryDialingCode: ctx.body.countryDialingCode ?? (await dialingCodeOf(db, ctx.body.mobileNum)),
      },
      visit(ctx),
    ),
  );
  route(app, deps, api.changePassword, async (ctx) =>
    changePassword(accounts, asMember(ctx.caller), ctx.body, visit(ctx)),
  );
  route(
    app,
    deps,
    api.memberInfo,
    async ({ caller, now }) => {
      const { memberId } = asMember(caller);
      // Held for a few seconds, dropped on every process when the member's row changes.
      return deps.local.members.get(memberId, 'member', now, () => memberInfo(db, memberId));
    },
    { heldAnswers: true },
  );
  for (const endpoint of [api.avatar, api.avatarIcon]) {
    route(app, deps, endpoint, async ({ caller }) => playerAvatar(db, asMember(caller).memberId));
  }
  route(app, deps, api.securityConfig, async ({ caller }) => memberSecurity(db, asMember(caller).memberId));
  route(app, deps, api.mobileSms, async (ctx) =>
    sendSmsCode(
      accounts,
      {
        countryDialingCode: ctx.body.countryDialingCode,
        mobile: ctx.body.mobileNum,
        purpose: 'bindMobile',
        field: 'mobileNum',
      },
      visit(ctx),
      ctx.idempotency,
    ),
  );
  route(app, deps, api.bindMobile, async (ctx) =>
    bindMobile(accounts, asMember(ctx.caller).memberId, ctx.body, visit(ctx)),
  );
  route(app, deps, api.mobileChanges, async ({ caller }) => mobileChanges(db, asMember(caller).memberId));
  route(app, deps, api.setAvatar, async ({ caller, body }) =>
    setAvatar(db, asMember(caller).memberId, body.avatar),
  );
  route(app, deps, api.setNickname, async ({ caller, body }) =>
    setNickname(db, asMember(caller).memberId, body.nickname),
  );
  route(app, deps, api.setLanguage, async ({ caller, body }) =>
    setLanguage(db, asMember(caller).memberId, body.language as LanguageCode),
  );

  app.get<{ Params: { file: string } }>('/images/avatars/:file', async (request, reply) => {
    const svg = await avatarImage(db, request.params.file);
    return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(svg);
  });

  // Console.
  route(app, deps, bo.players, async ({ query }) => players(db, query));
  route(app, deps, bo.player, async ({ params, now }) => playerDetail(db, params.id, now));
  const playerWrite = async (
    ctx: { caller: Caller; ip: string; now: Date; params: { id: number } },
    write: (tx: Queryable) => Promise<{ before: unknown; after: unknown }>,
  ) => {
    await operatorWrite(deps, ctx, { entity: 'player', action: 'update' }, async (tx) => ({
      entityId: ctx.params.id,
      ...(await write(tx)),
      result: null,
    }));
    return playerDetail(db, ctx.params.id, ctx.now);
  };
  route(app, deps, bo.lockPlayer, async (ctx) =>
    playerWrite(ctx, (tx) => lockPlayer(tx, ctx.params.id, ctx.body.reason, ctx.now)),
  );
  route(app, deps, bo.editProfile, async (ctx) =>
    playerWrite(ctx, (tx) => editProfile(tx, asOperator(ctx.caller), ctx.params.id, ctx.body, ctx.now)).catch(
      (error: unknown) => {
        // Two members given the same number at once: the unique index decides.
        if ((error as { code?: string }).code === '23505')
          throw new AppError('mobile_taken', { mobileNum: 'taken' });
        throw error;
      },
    ),
  );
  route(app, deps, bo.unlockPlayer, async (ctx) => playerWrite(ctx, (tx) => unlockPlayer(tx, ctx.params.id)));
  route(app, deps, bo.forcePasswordChange, async (ctx) =>
    playerWrite(ctx, (tx) => forcePasswordChange(tx, ctx.params.id)),
  );
  route(app, deps, bo.resetPlayerPassword, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'player', action: 'update' }, async (tx) => ({
      entityId: ctx.params.id,
      ...(await resetPlayerPassword(accounts, tx, ctx.params.id, ctx.body.method, visit(ctx))),
    })),
  );
  route(app, deps, bo.smsOutbox, async ({ query }) => smsOutbox(db, query));
  route(app, deps, bo.mailOutbox, async ({ query }) => mailOutbox(db, query));
  route(app, deps, bo.loginFailures, async ({ query }) => loginFailures(db, query));
  const keyView = (key: { keyId: string; createdAt: Date }) => ({
    keyId: key.keyId,
    createdAt: key.createdAt.toISOString(),
  });
  route(app, deps, bo.encryptionKey, async ({ now }) => keyView(await ensureServerKey(db, now)));
  route(app, deps, bo.rotateEncryptionKey, async (ctx) =>
    operatorWrite(deps, ctx, { entity: 'encryption_key', action: 'update' }, async (tx) => {
      const { before, after } = await rotateServerKey(tx, ctx.now);
      return {
        entityId: after.keyId,
        before: before ? keyView(before) : null,
        after: keyView(after),
        result: keyView(after),
      };
    }),
  );
}
