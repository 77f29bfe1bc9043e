import type { PlayerVip } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { memberExists, setMemberLabels } from '../accounts/club.ts';
import { currencyOf } from '../wallet/settings.ts';
import { rewardView } from './rewards.ts';
import * as store from './store.ts';

/**
 * Member labels: operators create them and assign them to members by hand (each write audited). The member info's
 * memberLabel is the list of the member's label names, kept on the member row by every change here.
 */

export const labelsForConsole = (db: Queryable) => store.labels(db);

export async function createLabel(deps: AppDeps, call: OperatorCall, input: { name: string; color: string }) {
  return operatorWrite(deps, call, { entity: 'member_label', action: 'create' }, async (tx) => {
    const id = await store
      .insertLabel(tx, input.name, input.color, call.now)
      .catch((error: { code?: string }) => {
        if (error.code === '23505') throw new AppError('member_label_taken', { name: 'taken' });
        throw error;
      });
    const created = (await store.label(tx, id)) as store.LabelDb;
    return { entityId: id, before: null, after: created, result: created };
  });
}

async function refreshNames(tx: Queryable, memberId: number): Promise<void> {
  await setMemberLabels(
    tx,
    memberId,
    (await store.labelsOfMember(tx, memberId)).map((label) => label.name),
  );
}

export async function removeLabel(deps: AppDeps, call: OperatorCall, id: number) {
  return operatorWrite(deps, call, { entity: 'member_label', action: 'remove' }, async (tx) => {
    const found = await store.label(tx, id);
    if (!found) throw new AppError('member_label_not_found');
    const holders = await store.removeLabel(tx, id);
    for (const memberId of holders) await refreshNames(tx, memberId);
    return { entityId: id, before: found, after: null, result: { ok: true as const } };
  });
}

/** The ids of a member's labels (a promotion's audience). */
export async function memberLabelIds(db: Queryable, memberId: number): Promise<number[]> {
  return (await store.labelsOfMember(db, memberId)).map((label) => label.id);
}

/** A member's level, growth, labels and VIP rewards (the console's player page). */
export async function playerVip(deps: Pick<AppDeps, 'db' | 'config'>, memberId: number): Promise<PlayerVip> {
  if (!(await memberExists(deps.db, memberId))) throw new AppError('not_found');
  const [member, levels, labels, rewards, currency] = await Promise.all([
    store.vipMember(deps.db, memberId),
    store.levels(deps.db),
    store.labelsOfMember(deps.db, memberId),
    store.rewardsOf(deps.db, memberId),
    currencyOf(deps),
  ]);
  return {
    ...currency,
    rank: member.rank,
    rankName: levels.find((level) => level.rank === member.rank)?.name ?? `VIP${member.rank}`,
    growth: Number(member.growth),
    labels,
    rewards: rewards.map((reward) => rewardView(reward, currency.digits)),
  };
}

/** Adds or removes one label of a member (audited with the member's labels before and after). */
export async function changeLabel(
  deps: AppDeps,
  call: OperatorCall,
  memberId: number,
  labelId: number,
  action: 'assign' | 'unassign',
) {
  if (!(await memberExists(deps.db, memberId))) throw new AppError('not_found');
  const operatorId = asOperator(call.caller).operatorId;
  await operatorWrite(deps, call, { entity: 'member_labels', action }, async (tx) => {
    if (!(await store.label(tx, labelId))) throw new AppError('member_label_not_found');
    const before = (await store.labelsOfMember(tx, memberId)).map((label) => label.name);
    if (action === 'assign') await store.assign(tx, memberId, labelId, operatorId, call.now);
    else await store.unassign(tx, memberId, labelId);
    await refreshNames(tx, memberId);
    const after = (await store.labelsOfMember(tx, memberId)).map((label) => label.name);
    return { entityId: memberId, before, after, result: null };
  });
  return playerVip(deps, memberId);
}
