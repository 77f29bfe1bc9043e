import { type ConsolidatedContractInfo, toMajor } from '@tessera/contract';
import type { AppDeps } from '../../platform/context.ts';
import { currencyOf } from '../wallet/settings.ts';
import { cancelsBelow } from './contracts.ts';
import { FULL_RATE, parseTiers, type Tier } from './contracts-rules.ts';
import * as store from './contracts-store.ts';

/**
 * The original client's view of contracts (design note §0.1, §A1): what `/wps/member/info/funds/consolidated`
 * carries for its contract pop-up and agent menu. Amounts are major units (元); a 'P' rate is a fraction of the
 * base (contractRate 0.1 shows as 10 %), an 'F' rate an amount in major units.
 */

const ORIGINAL_STATUS: Record<string, 'P' | 'E' | 'V'> = {
  pending: 'P',
  edited: 'E',
  termination_requested: 'V',
};

/**
 * The contract requests and menu switches of the consolidated funds for the member: per product type, the offer
 * (P, E) or termination request (V) waiting for its answer, null for a kind with none; a switch is 1 when the member
 * holds or is offered a contract of that kind. MR daily salary is not modelled, so its switch is always 0.
 */
export async function consolidatedContractInfo(
  deps: Pick<AppDeps, 'db' | 'config'>,
  memberId: number,
): Promise<ConsolidatedContractInfo> {
  const [{ digits }, current] = await Promise.all([currencyOf(deps), store.currentOf(deps.db, memberId)]);
  const mine = current.filter((row) => row.agent_id === memberId);
  const items = mine.filter((row) => row.status in ORIGINAL_STATUS);
  const major = (minor: bigint) => toMajor(minor, digits);
  const fraction = (tier: Tier) =>
    tier.rateType === 'P' ? Number(tier.rate) / Number(FULL_RATE) : major(tier.rate);
  const flags = await Promise.all(
    items.map(async (row) =>
      row.status !== 'termination_requested' && (await cancelsBelow(deps.db, row))
        ? ('Y' as const)
        : ('N' as const),
    ),
  );
  const info: ConsolidatedContractInfo = {
    divtypereq: null,
    dailysalreqtype: null,
    contracthoursalreq: null,
    realtimesalreqtype: null,
    divtypeinfo: 0,
    dailysalinfotype: 0,
    contracthoursalinfo: 0,
    contractmrdailysalinfotype: 0,
  };
  items.forEach((row, index) => {
    const status = ORIGINAL_STATUS[row.status] as 'P' | 'E' | 'V';
    const downlineHigherRate = flags[index] as 'Y' | 'N';
    const tiers = parseTiers(row.tiers);
    if (row.kind === 'dividend') {
      info.divtypereq = {
        ...info.divtypereq,
        [row.product]: tiers.map((tier) => ({
          id: row.id,
          minimumBet: major(tier.minimumBet),
          netLoss: major(tier.netLoss),
          activeMember: tier.activeMember,
          contractRate: fraction(tier),
          status,
          downlineHigherRate,
        })),
      };
    } else if (row.kind === 'daily_salary') {
      const details = tiers.map((tier) => ({
        betVolume: major(tier.minimumBet),
        activeMember: tier.activeMember,
        rateType: tier.rateType,
        rate: fraction(tier),
      }));
      info.dailysalreqtype = {
        ...info.dailysalreqtype,
        [row.product]: [{ id: row.id, status, downlineHigherRate, details }],
      };
    } else {
      const hourSalaryRates = tiers.map((tier) => ({
        minimumBet: major(tier.minimumBet),
        activeMember: tier.activeMember,
        rateType: tier.rateType,
        rate: fraction(tier),
      }));
      const offer = [{ contractId: row.id, status, downlineHigherRate, hourSalaryRates }];
      if (row.kind === 'hourly_salary') {
        info.contracthoursalreq = { ...info.contracthoursalreq, [row.product]: offer };
      } else {
        info.realtimesalreqtype = { ...info.realtimesalreqtype, [row.product]: offer };
      }
    }
  });
  const has = (kind: string) => (mine.some((row) => row.kind === kind) ? 1 : 0);
  info.divtypeinfo = has('dividend');
  info.dailysalinfotype = has('daily_salary');
  info.contracthoursalinfo = has('hourly_salary');
  return info;
}
