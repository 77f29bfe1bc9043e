import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/database.ts';

/** The database keeps each member's agent path (migration 0025): on insert, on a move, and for the whole branch. */
describe('agent path', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ db, drop } = await openTestDatabase({ migrated: true }));
  });
  afterEach(() => drop());

  const add = async (username: string, uplineId: number | null) => {
    const [row] = await db.query<{ id: number }>(
      'insert into members (username, type, upline_id) values ($1, 1, $2) returning id',
      [username, uplineId],
    );
    return row?.id as number;
  };
  const pathOf = async (id: number) =>
    (await db.query<{ agent_path: number[] }>('select agent_path from members where id = $1', [id]))[0]
      ?.agent_path;

  it('keeps the path from the top on insert, on a move of a whole branch, and refuses a cycle', async () => {
    const a = await add('path_a', null);
    const b = await add('path_b', a);
    const c = await add('path_c', b);
    const d = await add('path_d', c);
    const x = await add('path_x', null);
    expect(await pathOf(d)).toEqual([a, b, c, d]);
    await db.query('update members set upline_id = $1 where id = $2', [x, b]);
    expect(await pathOf(b)).toEqual([x, b]);
    expect(await pathOf(c)).toEqual([x, b, c]);
    expect(await pathOf(d)).toEqual([x, b, c, d]);
    const team = await db.query<{ id: number }>(
      'select id from members where agent_path @> array[$1::int] order by id',
      [b],
    );
    expect(team.map((row) => row.id)).toEqual([b, c, d]);
    await expect(db.query('update members set upline_id = $1 where id = $2', [d, b])).rejects.toThrow(
      /own team/,
    );
    await db.query('update members set upline_id = null where id = $1', [b]);
    expect(await pathOf(d)).toEqual([b, c, d]);
  });
});
