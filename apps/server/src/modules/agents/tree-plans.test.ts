import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASE } from '../../../test/harness.ts';
import type { Database, Queryable } from '../../db/database.ts';
import * as store from './tree-store.ts';

/**
 * The tree's two questions at 100,000 members on PostgreSQL: "is X in Y's team" reads X's row by its primary key,
 * and "Y's team" (the team search) is a scan of the GIN index on agent_path, never of the whole table. The plans
 * are those of the store's own SQL (each query run under EXPLAIN).
 */
describe.runIf(TEST_DATABASE === 'postgres')('tree queries at 100,000 members (PostgreSQL plans)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let top: number;
  let sub: number;
  let member: number;

  /** The plans of every statement a store function runs. */
  async function plans(run: (db: Queryable) => Promise<unknown>): Promise<string[]> {
    const found: string[] = [];
    const explaining: Queryable = {
      query: async <T>(sql: string, params?: unknown[]) => {
        const rows = await db.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${sql}`, params);
        found.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
        return [] as T[];
      },
    } as Queryable;
    await run(explaining);
    return found;
  }

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase({ migrated: true }));
    // 100 top agents, 1,000 sub-agents under them, 98,900 members under the sub-agents.
    await db.query(
      "insert into members (username, type) select 'top' || g, 1 from generate_series(1, 100) g",
    );
    await db.query(
      `insert into members (username, type, upline_id)
       select 'sub' || g, 1, (select id from members where username = 'top' || (1 + g % 100)) from generate_series(1, 1000) g`,
    );
    await db.query(
      `with subs as (select array_agg(id order by id) as ids from members where username like 'sub%')
       insert into members (username, type, upline_id)
       select 'pl' || g, 0, subs.ids[1 + g % 1000] from generate_series(1, 98900) g, subs`,
    );
    await db.query('analyze members');
    const [row] = await db.query<{ top: number; sub: number; member: number }>(
      `select (select id from members where username = 'top1') as top,
              (select id from members where username = 'sub1') as sub,
              (select id from members where username = 'pl1') as member`,
    );
    ({ top, sub, member } = row as { top: number; sub: number; member: number });
  }, 300_000);
  afterAll(() => drop());

  it('has the tree it was given', async () => {
    const [count] = await db.query<{ n: number; direct: number }>(
      'select count(*)::int as n, count(*) filter (where upline_id = $1)::int as direct from members',
      [sub],
    );
    expect(count?.n).toBeGreaterThanOrEqual(100_000);
    const team = await store.searchTeam(db, {
      agentId: sub,
      usernamePrefix: null,
      level: null,
      type: null,
      role: null,
      agentTypes: [],
      registeredFrom: null,
      registeredBefore: null,
      limit: 5,
      offset: 0,
    });
    expect(team.total).toBe(count?.direct);
    expect(team.total).toBeGreaterThan(90);
    expect(team.rows).toHaveLength(5);
  });

  it('"is X in Y\'s team" is one primary-key read', async () => {
    const [plan] = await plans((explaining) => store.inTeam(explaining, top, member));
    console.info(`is X in Y's team:\n${plan}`);
    expect(plan).toMatch(/Index Scan using members_pkey/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('"Y\'s team" (count and page of the team search, a top agent and a sub-agent) scans the agent_path index', async () => {
    for (const agentId of [top, sub]) {
      const found = await plans((explaining) =>
        store.searchTeam(explaining, {
          agentId,
          usernamePrefix: null,
          level: null,
          type: null,
          role: null,
          agentTypes: [],
          registeredFrom: null,
          registeredBefore: null,
          limit: 20,
          offset: 0,
        }),
      );
      console.info(`Y's team (agent ${agentId}):\n${found.join('\n---\n')}`);
      for (const plan of found) {
        expect(plan).toMatch(/Bitmap Index Scan on members_agent_path/);
        expect(plan).not.toMatch(/Seq Scan/);
      }
    }
  });
});
