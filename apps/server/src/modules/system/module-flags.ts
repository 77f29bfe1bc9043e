import type { ModuleFlagNode, RegisterSettings, SiteSettings } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { orNotFound } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import * as store from './store.ts';

/** The module flags: Tessera's modId tree, the original's modIds derived from the configuration, and their switches. */

/**
 * The modIds the original's client checks before it makes the calls Tessera serves, derived from Tessera's own
 * configuration rather than stored a second time. The area that serves more of the original's calls adds their
 * modIds here. A flag Tessera stores under the same modId wins.
 */
const ORIGINAL_FLAGS: [
  modId: string,
  name: string,
  enabled: (context: { site: SiteSettings; rules: RegisterSettings; flags: Set<string> }) => boolean,
][] = [
  ['COMM3', 'Common calls', () => true],
  ['REG3', 'Registration', ({ site }) => site.directRegistration],
  ['CAPTCHA3', 'Captcha', ({ rules }) => rules.captcha?.enabled ?? false],
  ['VERIFICATION3', 'SMS code without a session', ({ flags }) => flags.has('MOBILEVERCODELOGIN3')],
  ['PWRESETSMS3', 'SMS code for the reset by phone', ({ flags }) => flags.has('CHNGPASSVERIF3')],
  ['PASS3', 'Change password', () => true],
  ['PROFPIC3', 'Profile picture', () => true],
  ['AFFMAN3', 'Affiliate code', ({ rules }) => rules.affiliateCode?.enabled ?? false],
  ['INBOX3', 'Inbox', ({ flags }) => flags.has('MAILCENTER3')],
  ['FEEDBACK3', 'Feedback', () => true],
  // Not built yet: the second-factor work and the captcha-provider work switch these on.
  ['LOGINIPVERF3', 'Second factor for a login from a new address', () => false],
  ['GEETEST3', 'Geetest captcha', () => false],
];

/** The module flags as the original reads them: Tessera's tree, then the original's modIds (ORIGINAL_FLAGS). */
export function originalModuleTree(
  rows: store.ModuleFlagRowDb[],
  site: SiteSettings,
  rules: RegisterSettings,
): ModuleFlagNode[] {
  const stored = new Set(rows.map((row) => row.mod_id));
  const flags = new Set(rows.filter((row) => row.enabled).map((row) => row.mod_id));
  const derived = ORIGINAL_FLAGS.filter(([modId]) => !stored.has(modId)).map(
    ([modId, name, enabled]): ModuleFlagNode => ({
      modId,
      name,
      enabled: enabled({ site, rules, flags }) ? '1' : '0',
      childrenNodes: [],
    }),
  );
  return [...treeOf(rows), ...derived];
}

export async function moduleTree(db: Queryable): Promise<ModuleFlagNode[]> {
  return treeOf(await store.listModuleFlags(db));
}

/** The stored module flags as the modId tree. */
function treeOf(rows: store.ModuleFlagRowDb[]): ModuleFlagNode[] {
  const nodes = new Map<string, ModuleFlagNode>();
  for (const row of rows) {
    nodes.set(row.mod_id, {
      modId: row.mod_id,
      name: row.name,
      enabled: row.enabled ? '1' : '0',
      childrenNodes: [],
    });
  }
  const roots: ModuleFlagNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.mod_id) as ModuleFlagNode;
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    if (parent) parent.childrenNodes.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function moduleEnabled(db: Queryable, modId: string): Promise<boolean> {
  return (await store.findModuleFlag(db, modId))?.enabled ?? false;
}

const flagView = (row: store.ModuleFlagRowDb) => ({
  modId: row.mod_id,
  name: row.name,
  parentId: row.parent_id,
  enabled: row.enabled,
});

export async function moduleFlagRows(db: Queryable) {
  return (await store.listModuleFlags(db)).map(flagView);
}

export async function setModuleFlag(deps: AppDeps, call: OperatorCall, modId: string, enabled: boolean) {
  return operatorWrite(deps, call, { entity: 'module_flag', action: 'update' }, async (tx) => {
    const before = flagView(orNotFound(await store.findModuleFlag(tx, modId)));
    const after = flagView(orNotFound(await store.updateModuleFlag(tx, modId, enabled)));
    return { entityId: modId, before, after, result: after };
  });
}
