import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { HOUSE_FISH_GAME, HOUSE_SLOT_GAMES } from '../../../db/seed/data.ts';
import { seed } from '../../../db/seed/index.ts';
import { vendorIconSvg } from '../../../platform/artwork.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
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

describe('house tiles', () => {
  it('serves each house game’s drawn tile as its lobby icon', async () => {
    const games = [...HOUSE_SLOT_GAMES.map(([id, names]) => [id, names] as const), HOUSE_FISH_GAME];
    for (const [id, names] of games) {
      const icon = await iconOf(id);
      const res = await t.app.inject({ url: `/images/${icon.icon_image_id}` });
      expect(res.statusCode, id).toBe(200);
      expect(res.body, id).toContain('viewBox="0 0 320 240"');
      expect(res.body, id).toContain(`>${names.EN}</text>`);
      // A scene, not just a gradient and a name.
      expect(
        (res.body.match(/<(path|circle|polygon|rect|ellipse|text)\b/g) ?? []).length,
        id,
      ).toBeGreaterThan(12);
    }
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

    const applied = await seed(t.db, {
      merchantCode: t.config.merchantCode,
      demo: true,
      now: t.clock.now(),
      rng: t.deps.rng,
    });
    expect(applied).toEqual(['house_tiles']);
    const redrawn = await iconOf(luckyId);
    expect(redrawn.icon_image_id).not.toBe(old.imageId);
    expect(redrawn.sha256).toBe(
      sha256Hex(houseTileSvg(luckyId, luckyNames.EN ?? luckyId, luckyFrom, luckyTo)),
    );
    expect((await iconOf(jadeId)).icon_image_id).toBe(chosen.imageId);
  });
});
