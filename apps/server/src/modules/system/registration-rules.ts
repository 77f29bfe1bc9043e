import type { RegisterRule, RegisterSettings, registerRuleInput } from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import * as store from './store.ts';

/** The registration rules (which fields registration asks for and how they are checked), read and set. */

const registerRuleView = (row: store.RegisterRuleDb): RegisterRule => ({
  key: row.key as RegisterRule['key'],
  acceptedPattern: row.accepted_pattern,
  patternId: row.pattern_id,
  minLength: row.min_length,
  maxLength: row.max_length,
  enabled: row.enabled,
  required: row.required,
});

export async function registerRules(db: Queryable): Promise<RegisterRule[]> {
  return (await store.listRegisterRules(db)).map(registerRuleView);
}

/** The registration rules keyed by field name (/wps/system/setting/register, as the original reads it). */
export async function registerSettings(db: Queryable): Promise<RegisterSettings> {
  return Object.fromEntries((await registerRules(db)).map((rule) => [rule.key, rule]));
}

async function writeRegisterRule(
  tx: Queryable,
  key: RegisterRule['key'],
  input: z.output<typeof registerRuleInput>,
) {
  const row = await store.updateRegisterRule(tx, {
    key,
    accepted_pattern: input.acceptedPattern,
    pattern_id: input.patternId,
    min_length: input.minLength,
    max_length: input.maxLength,
    enabled: input.enabled,
    required: input.required,
  });
  return registerRuleView(orNotFound(row));
}

export async function setRegisterRule(
  deps: AppDeps,
  call: OperatorCall,
  key: RegisterRule['key'],
  input: z.output<typeof registerRuleInput>,
) {
  return operatorWrite(deps, call, { entity: 'register_rule', action: 'update' }, async (tx) => {
    const before = registerRuleView(orNotFound(await store.findRegisterRule(tx, key)));
    const after = await writeRegisterRule(tx, key, input);
    return { entityId: key, before, after, result: after };
  });
}

/** The console's table, saved at once: every rule sent, in one transaction and one audit entry. */
export async function setRegisterRules(
  deps: AppDeps,
  call: OperatorCall,
  rules: (z.output<typeof registerRuleInput> & { key: RegisterRule['key'] })[],
) {
  return operatorWrite(deps, call, { entity: 'register_rules', action: 'update' }, async (tx) => {
    const before = (await store.listRegisterRules(tx)).map(registerRuleView);
    for (const { key, ...input } of rules) await writeRegisterRule(tx, key, input);
    const after = (await store.listRegisterRules(tx)).map(registerRuleView);
    return { entityId: 'all', before, after, result: after };
  });
}
