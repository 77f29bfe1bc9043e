import type { ResponsibleSettings } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import type { OperatorCall } from '../../platform/operator-write.ts';
import { replaceSetting, settingDocument } from '../system/settings.ts';

/**
 * The operator's defaults of responsible gaming (settings document 'responsible'): the reality-check interval the
 * site offers first (30 minutes until saved) and the days after which an interrupted house round is completed by
 * its default action (`responsible.interruptedRoundDays`, 30 until saved; the house games read it with
 * `responsibleSettings`).
 */
const RESPONSIBLE_SETTINGS_KEY = 'responsible';
const DEFAULTS: ResponsibleSettings = { realityCheckDefault: 30, interruptedRoundDays: 30 };

export async function responsibleSettings(db: Queryable): Promise<ResponsibleSettings> {
  const stored = (await settingDocument<Partial<ResponsibleSettings>>(db, RESPONSIBLE_SETTINGS_KEY)) ?? {};
  return { ...DEFAULTS, ...stored };
}

export function saveResponsibleSettings(deps: AppDeps, call: OperatorCall, value: ResponsibleSettings) {
  return replaceSetting(deps, call, RESPONSIBLE_SETTINGS_KEY, responsibleSettings, value);
}
