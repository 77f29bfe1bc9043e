import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGLITE_FILES } from '../vitest.config.ts';

const SERVER = new URL('../', import.meta.url).pathname;

describe('the PGlite set (vitest.config.ts)', () => {
  it('names test files that exist: a renamed or removed file cannot drop out of it unnoticed', () => {
    const gone = PGLITE_FILES.filter((file) => !file.endsWith('.test.ts') || !existsSync(join(SERVER, file)));
    expect(gone).toEqual([]);
  });
});
