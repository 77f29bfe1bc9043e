import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openTestDatabase } from './harness.ts';

/**
 * What each driver answers for each type the schema's columns have, and those its queries' expressions make (counts,
 * sums, epochs, aggregates into arrays and JSON): the same JavaScript value on PGlite and on PostgreSQL, since the
 * stores read both the same way. The other check of the embedded database's difference, its dialect, plans every
 * statement of the PostgreSQL run on PGlite (pglite-dialect.ts).
 */
describe('the drivers read each type alike', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await drop();
  });

  it('reads the columns’ types and the expressions’ as the stores expect, parameters included', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      `select 'tessera'::text as text, 42::int4 as int4, 7::int2 as int2,
         9007199254740993::int8 as int8, count(*) as count, sum(x)::int8 as sum_int8, sum(x::int8) as sum_numeric,
         12.50::numeric(12, 2) as numeric, 0.25::float8 as float8, true as bool, null::text as nothing,
         '2026-06-01T12:34:56.789Z'::timestamptz as timestamptz, '2026-06-01'::date::text as date_text,
         extract(epoch from '2026-06-01T00:00:00Z'::timestamptz)::float8 as epoch,
         '{"a": [1, "b"], "c": null}'::jsonb as jsonb, json_build_object('n', 1) as json,
         'a1b2c3d4-0000-4000-8000-000000000001'::uuid as uuid,
         array['x', 'y']::text[] as text_array, array[1, 2]::int4[] as int4_array,
         array_agg(x order by x) as int_agg, '\\x00ff10'::bytea as bytea,
         $1::int8 as int8_param, $2::timestamptz as timestamptz_param, $3::text[] as text_array_param
       from (values (1), (2), (3)) as v(x)`,
      [10n ** 15n, new Date('2026-06-01T00:00:00.000Z'), ['p', 'q']],
    );
    expect(row).toEqual({
      text: 'tessera',
      int4: 42,
      int2: 7,
      int8: 9007199254740993n,
      count: 3n,
      sum_int8: 6n,
      sum_numeric: '6',
      numeric: '12.50',
      float8: 0.25,
      bool: true,
      nothing: null,
      timestamptz: new Date('2026-06-01T12:34:56.789Z'),
      date_text: '2026-06-01',
      epoch: 1780272000,
      jsonb: { a: [1, 'b'], c: null },
      json: { n: 1 },
      uuid: 'a1b2c3d4-0000-4000-8000-000000000001',
      text_array: ['x', 'y'],
      int4_array: [1, 2],
      int_agg: [1, 2, 3],
      bytea: expect.any(Uint8Array),
      int8_param: 10n ** 15n,
      timestamptz_param: new Date('2026-06-01T00:00:00.000Z'),
      text_array_param: ['p', 'q'],
    });
    expect(Array.from((row?.bytea as Uint8Array | undefined) ?? [])).toEqual([0x00, 0xff, 0x10]);
  });
});
