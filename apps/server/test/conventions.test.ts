import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = new URL('../', import.meta.url).pathname;
const SRC = join(SERVER, 'src');
const REPO = resolve(SERVER, '..', '..');

function tree(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tree(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The files an import statement of the source names (relative ones resolved; packages by name). */
function importsOf(path: string, text: string): string[] {
  const statements =
    /^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'|^import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;
  return [...text.matchAll(statements)].map((match) => {
    const specifier = (match[1] ?? match[2] ?? match[3]) as string;
    return specifier.startsWith('.') ? resolve(dirname(path), specifier) : specifier;
  });
}

const isTest = (path: string) => path.endsWith('.test.ts');

/** The area of a file under src/modules/ (its first folder there: games/providers and games/house are games). */
function areaOf(path: string): string | null {
  const inModules = relative(join(SRC, 'modules'), path);
  return inModules.startsWith('..') ? null : (inModules.split(sep)[0] as string);
}

const isStore = (path: string) => /(^|[/\\-])store\.ts$/.test(path);

/** The product's files (every .ts file under src/ but the tests), paths relative to src/. */
const files = tree(SRC)
  .filter((path) => !isTest(path))
  .map((path) => {
    const text = readFileSync(path, 'utf8');
    return { path: relative(SRC, path), text, imports: importsOf(path, text) };
  });

describe('conventions of the server code', () => {
  it('takes randomness only from platform/rng', () => {
    const direct = files.filter(
      (file) =>
        file.path !== join('platform', 'rng.ts') &&
        /\b(randomInt|randomBytes|randomUUID|getRandomValues)\b|Math\.random/.test(file.text),
    );
    expect(direct.map((file) => file.path)).toEqual([]);
  });

  it('opens transactions only through the write helper (and the engine, migrations, seed and job runner)', () => {
    const engine = new Set([
      join('db', 'database.ts'),
      join('db', 'migrate.ts'),
      join('seed', 'index.ts'),
      join('platform', 'write.ts'),
      join('platform', 'jobs.ts'),
    ]);
    const direct = files.filter((file) => !engine.has(file.path) && /\.transaction\(/.test(file.text));
    expect(direct.map((file) => file.path)).toEqual([]);
  });
});

describe('borders of the server code', () => {
  it('reads the import statements it checks', () => {
    const probe = `import { a } from './a.ts';\nimport {\n  b,\n  type C,\n} from '../b.ts';\nexport * from '@x/y';\nimport './side.ts';\nconst m = await import('./lazy.ts');\n`;
    expect(importsOf('/r/s/f.ts', probe)).toEqual([
      '/r/s/a.ts',
      '/r/b.ts',
      '@x/y',
      '/r/s/side.ts',
      '/r/s/lazy.ts',
    ]);
  });

  it('keeps test code out of the product: no testing.ts under src/, no product file imports test code', () => {
    const testFolders = [join(SERVER, 'test'), join(REPO, 'e2e'), join(REPO, 'sandbox'), join(REPO, 'bench')];
    const helpers = tree(SRC)
      .filter((path) => path.endsWith(`${sep}testing.ts`))
      .map((path) => relative(SRC, path));
    expect(helpers).toEqual([]);
    const wrong = files.flatMap((file) =>
      file.imports
        .filter(
          (target) => isTest(target) || testFolders.some((folder) => target.startsWith(`${folder}${sep}`)),
        )
        .map((target) => `${file.path} imports ${relative(REPO, target)}`),
    );
    expect(wrong).toEqual([]);
  });

  it("lets only an area's own files import its store (another area calls its services)", () => {
    expect([
      isStore('/s/modules/a/store.ts'),
      isStore('/s/modules/a/b-store.ts'),
      isStore('/s/modules/a/restore.ts'),
    ]).toEqual([true, true, false]);
    const wrong = files.flatMap((file) =>
      file.imports
        .filter(
          (target) =>
            isStore(target) && areaOf(target) !== null && areaOf(target) !== areaOf(join(SRC, file.path)),
        )
        .map((target) => `${file.path} imports ${relative(SRC, target)}`),
    );
    expect(wrong).toEqual([]);
  });

  it('keeps the routes to declaring and calling: no routes file imports a store (services call the stores)', () => {
    const isRoutes = (path: string) => /(^|[/\\-])routes\.ts$/.test(path);
    expect([
      isRoutes('modules/a/routes.ts'),
      isRoutes('modules/a/deposit-routes.ts'),
      isRoutes('a/reroutes.ts'),
    ]).toEqual([true, true, false]);
    const wrong = files
      .filter((file) => isRoutes(file.path))
      .flatMap((file) =>
        file.imports
          .filter((target) => isStore(target))
          .map((target) => `${file.path} imports ${relative(SRC, target)}`),
      );
    expect(wrong).toEqual([]);
  });

  it('points every dependency one way: db below platform below the areas, the seed and the entry files on top', () => {
    /** Each layer of src/ and the layers it may import (besides itself); config.ts is a leaf every layer reads. */
    const allowed: Record<string, string[]> = {
      db: [],
      config: [],
      platform: ['db', 'config'],
      modules: ['platform', 'db', 'config'],
      seed: ['modules', 'platform', 'db', 'config'],
      entry: ['seed', 'modules', 'platform', 'db', 'config'],
    };
    const layerOf = (path: string): string => {
      const [first] = relative(SRC, path).split(sep);
      if (first === 'config.ts') return 'config';
      if (first === 'db' || first === 'platform' || first === 'modules' || first === 'seed') return first;
      return 'entry'; // main.ts, app.ts, jobs.ts
    };
    expect(
      ['db/database.ts', 'platform/rng.ts', 'modules/games/rounds.ts', 'seed/index.ts', 'main.ts'].map(
        (path) => layerOf(join(SRC, path)),
      ),
    ).toEqual(['db', 'platform', 'modules', 'seed', 'entry']);
    const wrong = files.flatMap((file) => {
      const from = layerOf(join(SRC, file.path));
      return file.imports
        .filter((target) => target.startsWith(`${SRC}${sep}`))
        .filter((target) => layerOf(target) !== from && !allowed[from]?.includes(layerOf(target)))
        .map((target) => `${file.path} imports ${relative(SRC, target)}`);
    });
    expect(wrong).toEqual([]);
  });

  it('has one writer of a game round: only the round owner imports the rounds store or counts a round as turnover', () => {
    const owner = join('modules', 'games', 'round-owner.ts');
    const roundsStore = join(SRC, 'modules', 'games', 'rounds-store.ts');
    const importers = files.filter((file) => file.imports.includes(roundsStore)).map((file) => file.path);
    expect(importers).toEqual([owner]);
    const writers = files
      .filter((file) => /\b(insert\s+into|update)\s+game_rounds\b/i.test(file.text))
      .map((file) => file.path);
    expect(writers).toEqual([join('modules', 'games', 'rounds-store.ts')]);
    const counters = files
      .filter(
        (file) =>
          /\bcountRounds\(/.test(file.text) && !file.text.includes('export async function countRounds('),
      )
      .map((file) => file.path);
    expect(counters).toEqual([owner]);
  });

  it('keeps every pair of areas one way: no two areas import each other', () => {
    const uses = new Set(
      files.flatMap((file) => {
        const from = areaOf(join(SRC, file.path));
        return file.imports
          .map((target) => areaOf(target))
          .filter((to) => from !== null && to !== null && to !== from)
          .map((to) => `${from} -> ${to}`);
      }),
    );
    const mutual = [...uses]
      .map((use) => use.split(' -> ') as [string, string])
      .filter(([from, to]) => from < to && uses.has(`${to} -> ${from}`))
      .map(([from, to]) => `${from} <-> ${to}`)
      .sort();
    expect(uses).toContain('games -> wallet');
    expect(uses).toContain('lottery -> games');
    expect(mutual).toEqual([]);
  });
});
