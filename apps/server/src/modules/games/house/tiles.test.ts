import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { vendorIconSvg } from '../../../platform/artwork.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import { HOUSE_FISH_GAME, HOUSE_SLOT_GAMES, HOUSE_TABLES } from '../../../seed/data.ts';
import { seed } from '../../../seed/index.ts';
import { storeImage } from '../../content/service.ts';
import { houseTileSvg } from './tiles.ts';

/** The house games' lobby tiles: drawn SVG scenes served as the games' icons, also on databases seeded before them. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
});
afterAll(async () => {
  await t.close();
});

async function iconOf(code: string) {
  const [row] = await t.db.query<{ id: number; icon_image_id: string; sha256: string }>(
    `select g.id, g.icon_image_id, i.sha256 from games g join images i on i.id = g.icon_image_id
     join game_vendors v on v.id = g.vendor_id where v.provider = 'HOUSE' and g.code = $1`,
    [code],
  );
  if (!row) throw new Error(`no house game ${code}`);
  return row;
}

/** Seeds the database again: only the sections not yet applied run. */
const reseed = () =>
  seed(t.db, { merchantCode: t.config.merchantCode, demo: true, now: t.clock.now(), rng: t.deps.rng });

describe('house tiles', () => {
  it('serves each house game’s drawn tile as its lobby icon, the tables’ too: a picture of its own each', async () => {
    const games = [
      ...HOUSE_SLOT_GAMES.map(([id, names, , from, to]) => [id, names, from, to] as const),
      HOUSE_FISH_GAME,
      ...HOUSE_TABLES.map(
        ([kind, room, , names, from, to]) =>
          [room.startsWith(kind) ? room : `${kind}-${room}`, names, from, to] as const,
      ),
    ];
    const scenes = new Set<string>();
    for (const [id, names, from, to] of games) {
      const icon = await iconOf(id);
      const res = await t.app.inject({ url: `/images/${icon.icon_image_id}` });
      expect(res.statusCode, id).toBe(200);
      expect(res.body, id).toContain('viewBox="0 0 320 240"');
      expect(res.body, id).toContain(`>${names.EN}</text>`);
      expect(icon.sha256, id).not.toBe(sha256Hex(vendorIconSvg(names.EN ?? id, from, to)));
      // A scene, not just a gradient and a name.
      expect(
        (res.body.match(/<(path|circle|polygon|rect|ellipse|text)\b/g) ?? []).length,
        id,
      ).toBeGreaterThan(12);
      // The picture without the game's name and colours: no two games share one.
      scenes.add(
        res.body
          .replace(`>${names.EN}</text>`, '')
          .replaceAll(from, '')
          .replaceAll(to, '')
          .replace(/font-size="\d+"/, ''),
      );
    }
    expect(scenes.size).toBe(games.length);
  });

  it('redraws the initials icons a database seeded earlier has, and leaves an icon an operator chose', async () => {
    const [luckyId, luckyNames, , luckyFrom, luckyTo] = HOUSE_SLOT_GAMES[0] ?? [];
    const [jadeId] = HOUSE_SLOT_GAMES[1] ?? [];
    if (!luckyId || !luckyNames || !luckyFrom || !luckyTo || !jadeId) throw new Error('no slots');
    const old = await storeImage(
      t.db,
      t.deps.rng,
      Buffer.from(vendorIconSvg(luckyNames.EN ?? luckyId, luckyFrom, luckyTo)),
      'image/svg+xml',
      t.clock.now(),
    );
    const chosen = await storeImage(
      t.db,
      t.deps.rng,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>'),
      'image/svg+xml',
      t.clock.now(),
    );
    const lucky = await iconOf(luckyId);
    const jade = await iconOf(jadeId);
    await t.db.query('update games set icon_image_id = $2 where id = $1', [lucky.id, old.imageId]);
    await t.db.query('update games set icon_image_id = $2 where id = $1', [jade.id, chosen.imageId]);
    await t.db.query("delete from seed_sections where name = 'house_tiles'");

    const applied = await reseed();
    expect(applied).toEqual(['house_tiles']);
    const redrawn = await iconOf(luckyId);
    expect(redrawn.icon_image_id).not.toBe(old.imageId);
    expect(redrawn.sha256).toBe(
      sha256Hex(houseTileSvg(luckyId, luckyNames.EN ?? luckyId, luckyFrom, luckyTo)),
    );
    expect((await iconOf(jadeId)).icon_image_id).toBe(chosen.imageId);
  });

  it('redraws the initials icons of the tables a database seeded before their tiles has', async () => {
    const [kind, room, , names, from, to] = HOUSE_TABLES[0] ?? [];
    if (!kind || !room || !names?.EN || !from || !to) throw new Error('no tables');
    const code = room.startsWith(kind) ? room : `${kind}-${room}`;
    const old = await storeImage(
      t.db,
      t.deps.rng,
      Buffer.from(vendorIconSvg(names.EN, from, to)),
      'image/svg+xml',
      t.clock.now(),
    );
    await t.db.query('update games set icon_image_id = $2 where id = $1', [
      (await iconOf(code)).id,
      old.imageId,
    ]);
    await t.db.query("delete from seed_sections where name = 'house_table_tiles'");

    const applied = await reseed();
    expect(applied).toEqual(['house_table_tiles']);
    expect((await iconOf(code)).sha256).toBe(sha256Hex(houseTileSvg(code, names.EN, from, to)));
  });
});
