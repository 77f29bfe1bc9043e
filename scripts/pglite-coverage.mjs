#!/usr/bin/env node
// Checks the rule of the server tests' PGlite set (apps/server/vitest.config.ts, PGLITE_FILES): together its files
// call every store function that the whole suite calls. Runs the PGlite project twice with STORE_CALLS set
// (test/store-calls.ts notes which store function sent each query): once on every file (PGLITE_ALL=1), once on the
// set; prints the store functions only the whole suite reaches, with the files that reach them, and fails if any.
// Run it after adding store functions or changing the set: node scripts/pglite-coverage.mjs (a few minutes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const SERVER = join(import.meta.dirname, '..', 'apps', 'server');

/** Runs the PGlite project and answers the (test file, store function) pairs its queries came from. */
function calls(all) {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-store-calls-'));
  try {
    const run = spawnSync('npx', ['vitest', 'run', '--project', 'pglite'], {
      cwd: SERVER,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, STORE_CALLS: folder, ...(all ? { PGLITE_ALL: '1' } : {}) },
    });
    if (run.status !== 0) throw new Error(`the PGlite project failed (${all ? 'every file' : 'the set'})`);
    const pairs = [];
    for (const name of readdirSync(folder))
      for (const line of readFileSync(join(folder, name), 'utf8').split('\n').filter(Boolean)) {
        const [file, call] = line.split('\t');
        pairs.push({ file: relative(SERVER, file), call });
      }
    return pairs;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const everything = calls(true);
const set = new Set(calls(false).map((pair) => pair.call));
const missing = new Map();
for (const { file, call } of everything)
  if (!set.has(call)) missing.set(call, [...(missing.get(call) ?? []), file]);
const total = new Set(everything.map((pair) => pair.call)).size;
console.log(`store functions called: ${total} by the whole suite, ${set.size} by the PGlite set`);
for (const [call, files] of [...missing].sort())
  console.log(`  only outside the set: ${call}  (${[...new Set(files)].join(', ')})`);
process.exit(missing.size > 0 ? 1 : 0);
