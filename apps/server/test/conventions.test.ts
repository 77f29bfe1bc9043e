import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'testing.ts'
      ? [path]
      : [];
  });
}

const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

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
      join('db', 'seed', 'index.ts'),
      join('platform', 'write.ts'),
      join('platform', 'jobs.ts'),
    ]);
    const direct = files.filter((file) => !engine.has(file.path) && /\.transaction\(/.test(file.text));
    expect(direct.map((file) => file.path)).toEqual([]);
  });
});
