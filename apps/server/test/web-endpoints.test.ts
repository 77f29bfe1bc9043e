import {
  accountsEndpoints,
  agentContractEndpoints,
  agentReportEndpoints,
  agentTreeEndpoints,
  catalogueEndpoints,
  contentEndpoints,
  depositPlayerEndpoints,
  type Endpoint,
  gamesEndpoints,
  houseEndpoints,
  houseTableEndpoints,
  inboxEndpoints as inboxContractEndpoints,
  launchEndpoints,
  lotteryEndpoints as lotteryContractEndpoints,
  pointsEndpoints,
  recordsEndpoints,
  redEnvelopeEndpoints,
  settlementEndpoints,
  sportsbookEndpoints as sportsbookContractEndpoints,
  supportPlayerEndpoints,
  systemEndpoints,
  vipEndpoints as vipContractEndpoints,
  walletPlayerEndpoints,
  withdrawalPlayerEndpoints,
} from '@tessera/contract';
import { describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  agentCentreAEndpoints,
  agentReportCentreEndpoints,
  depositEndpoints,
  endpoints,
  gameEndpoints,
  houseFrameEndpoints,
  houseTableFrameEndpoints,
  inboxEndpoints,
  lotteryEndpoints,
  pointEndpoints,
  sportsbookEndpoints,
  supportEndpoints,
  vipEndpoints,
  walletEndpoints,
  withdrawalEndpoints,
} from '../../web/src/app/endpoints.ts';

/**
 * The player site names the method, path, body type and answer type of every endpoint it calls (apps/web/src/app/endpoints.ts),
 * so that its first download carries no schema; each entry is held here to the contract endpoint of its name.
 */

type Wire = Pick<Endpoint, 'method' | 'path' | 'bodyType' | 'idempotent' | 'answer'>;

const wire = (endpoint: Wire) => ({
  method: endpoint.method,
  path: endpoint.path,
  bodyType: endpoint.bodyType ?? 'json',
  idempotent: endpoint.idempotent ?? false,
  answer: endpoint.answer ?? 'envelope',
});

const tables: [name: string, site: Record<string, Wire>, contract: Record<string, Wire>][] = [
  ['endpoints', endpoints, { ...systemEndpoints, ...contentEndpoints, ...gamesEndpoints }],
  ['accountEndpoints', accountEndpoints, accountsEndpoints],
  ['walletEndpoints', walletEndpoints, walletPlayerEndpoints],
  ['depositEndpoints', depositEndpoints, depositPlayerEndpoints],
  ['withdrawalEndpoints', withdrawalEndpoints, withdrawalPlayerEndpoints],
  ['gameEndpoints', gameEndpoints, { ...catalogueEndpoints, ...launchEndpoints, ...recordsEndpoints }],
  ['houseFrameEndpoints', houseFrameEndpoints, houseEndpoints],
  ['houseTableFrameEndpoints', houseTableFrameEndpoints, houseTableEndpoints],
  ['lotteryEndpoints', lotteryEndpoints, lotteryContractEndpoints],
  ['sportsbookEndpoints', sportsbookEndpoints, sportsbookContractEndpoints],
  ['vipEndpoints', vipEndpoints, vipContractEndpoints],
  ['inboxEndpoints', inboxEndpoints, inboxContractEndpoints],
  ['supportEndpoints', supportEndpoints, supportPlayerEndpoints],
  [
    'pointEndpoints',
    pointEndpoints,
    // The original's MCS2_ and MCSFE_ twins: the site calls the MCS2_ ones.
    Object.fromEntries(
      Object.entries(pointsEndpoints).map(([name, twins]) => [name, 'MCS2' in twins ? twins.MCS2 : twins]),
    ),
  ],
  ['agentCentreAEndpoints', agentCentreAEndpoints, { ...agentTreeEndpoints, ...agentContractEndpoints }],

  [
    'agentReportCentreEndpoints',
    agentReportCentreEndpoints,
    { ...agentReportEndpoints, ...settlementEndpoints, ...redEnvelopeEndpoints },
  ],
];

describe('player site: endpoint table', () => {
  for (const [table, site, contract] of tables) {
    it(`${table}: every entry has the method, path, body type and idempotency of the contract endpoint of its name`, () => {
      const entries = Object.entries(site);
      expect(entries.length).toBeGreaterThan(0);
      for (const [name, endpoint] of entries) {
        const expected = contract[name];
        expect(expected, `${table}.${name} is not an endpoint of the contract`).toBeDefined();
        expect(wire(endpoint), `${table}.${name}`).toEqual(wire(expected as Wire));
      }
    });
  }
});
