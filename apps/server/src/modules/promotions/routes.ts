import {
  promotionEndpoints as api,
  promotionConsoleEndpoints as bo,
  promotionApplicationFields,
} from '@tessera/contract';
import type { FastifyInstance } from 'fastify';
import { asMember, type Caller } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/context.ts';
import { route } from '../../platform/route.ts';
import { parseInput } from '../../platform/validation.ts';
import { cleanProofs, readConfirmationForm } from '../wallet/withdrawal-proofs.ts';
import {
  addToBlacklist,
  applicationImage,
  applicationQueue,
  blacklist,
  consolePromotions,
  createPromotion,
  decideApplication,
  removeFromBlacklist,
  updatePromotion,
} from './console.ts';
import {
  applyToPromotion,
  claimPromotion,
  joinPromotion,
  originalCategories,
  originalClaimList,
  originalPromotions,
  originalSignUp,
  promotionDetail,
  sitePromotions,
} from './promotions.ts';

/** A signed-in member's id on a page visitors may see too; null for a visitor. */
const memberOf = (caller: Caller) => (caller.kind === 'member' ? caller.memberId : null);

/** /promotions and /promoDetail with their actions, the original's promotion calls, and the console's side. */
export function promotionRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, api.list, async ({ caller, query, language, now }) =>
    sitePromotions(deps, memberOf(caller), query.category, language, now),
  );
  route(app, deps, api.detail, async ({ caller, params, language, now }) =>
    promotionDetail(deps, memberOf(caller), params.id, language, now),
  );
  route(app, deps, api.join, async ({ caller, params, language, now, idempotency }) =>
    joinPromotion(deps, asMember(caller).memberId, params.id, { now, idempotency, language }),
  );
  route(app, deps, api.claim, async ({ caller, params, language, now, idempotency }) =>
    claimPromotion(deps, asMember(caller).memberId, params.id, { now, idempotency, language }),
  );
  route(app, deps, api.apply, async ({ caller, params, request, language, now }) => {
    const form = await readConfirmationForm(request);
    const fields = parseInput(promotionApplicationFields, form.fields, language);
    // Re-encoding takes CPU time: it happens before the transaction opens.
    const images = await cleanProofs(form.files);
    return applyToPromotion(
      deps,
      asMember(caller).memberId,
      params.id,
      { remark: fields.remark, images },
      {
        now,
        language,
      },
    );
  });
  route(app, deps, api.originalCategories, async ({ now }) => originalCategories(deps, now));
  route(app, deps, api.originalMerchantAvailable, async ({ language, now }) =>
    originalPromotions(deps, null, language, now),
  );
  route(app, deps, api.originalAvailable, async ({ caller, language, now }) =>
    originalPromotions(deps, asMember(caller).memberId, language, now),
  );
  route(app, deps, api.originalClaimList, async ({ caller, language }) =>
    originalClaimList(deps, asMember(caller).memberId, language),
  );
  route(app, deps, api.originalSignUp, async ({ caller, body, language, now }) =>
    originalSignUp(deps, asMember(caller).memberId, body, { now, language }),
  );

  route(app, deps, bo.list, async () => consolePromotions(deps));
  route(app, deps, bo.create, async (ctx) => createPromotion(deps, ctx, ctx.body));
  route(app, deps, bo.update, async (ctx) => updatePromotion(deps, ctx, ctx.params.id, ctx.body));
  route(app, deps, bo.applications, async ({ query }) => applicationQueue(deps, query));
  route(app, deps, bo.approve, async (ctx) =>
    decideApplication(deps, ctx, ctx.params.id, { approve: true, amount: ctx.body.amount }),
  );
  route(app, deps, bo.reject, async (ctx) =>
    decideApplication(deps, ctx, ctx.params.id, { approve: false, reason: ctx.body.reason }),
  );
  route(app, deps, bo.applicationImage, async ({ params }) =>
    applicationImage(deps, params.id, params.imageId),
  );
  route(app, deps, bo.blacklist, async ({ query }) => blacklist(deps, query));
  route(app, deps, bo.addToBlacklist, async (ctx) => addToBlacklist(deps, ctx, ctx.body));
  route(app, deps, bo.removeFromBlacklist, async (ctx) =>
    removeFromBlacklist(deps, ctx, ctx.params.kind, ctx.params.memberId),
  );
}
