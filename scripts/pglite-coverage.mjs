#!/usr/bin/env node
// Checks the rule of the server tests' PGlite set (apps/server/vitest.config.ts, PGLITE_FILES): together its files
// call every store function that the whole suite calls. Runs the PGlite project twice with STORE_CALLS set
// (test/store-calls.ts notes which store function sent each query): once on every file (PGLITE_ALL=1), once on the
// set; prints the store functions only the whole suite reaches, with the files that reach them, and fails if any.
// Run it after adding store functions or changing the set: node scripts/pglite-coverage.mjs (a few minutes).
//
// `--choose` proposes the set by cost instead: one run of every file on PGlite, noting each file's store functions
// and seconds, then the start-up and database-layer files (KEEP) and, greedily, the file that adds the most store
// functions not yet called per second of its own, until every store function is called. Prints the set with each
// file's seconds and what it adds. Files after `--` limit the run (a trial of the script itself).
//
// The run of every file on PGlite is most of the time (most of an hour on a loaded machine): `--save FILE` keeps its
// result (store functions by file, each file's seconds) and `--every FILE` uses a kept one instead of running it
// again, so `--choose --save f` then `--every f` (after applying the set) runs every file once. A kept result is only
// as true as the suite it was taken from: take it again after changing tests or stores.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const SERVER = join(import.meta.dirname, '..', 'apps', 'server');

/** The files the set keeps whatever they call: start-up, migrations and the database layer (vitest.config.ts). */
const KEEP = [
  'test/platform.test.ts',
  'test/write.test.ts',
  'test/jobs.test.ts',
  'test/realtime.test.ts',
  'test/caches.test.ts',
  'test/test-clock.test.ts',
];

const dash = process.argv.indexOf('--');
const only = dash >= 0 ? process.argv.slice(dash + 1) : [];
/** The value after a flag (`--save FILE`), before any `--`. */
function flag(name) {
  const at = process.argv.indexOf(name);
  return at >= 0 && (dash < 0 || at < dash) ? process.argv[at + 1] : undefined;
}
const saveTo = flag('--save');
const keptEvery = flag('--every');

/**
 * Runs the PGlite project and answers the (test file, store function) pairs its queries came from, and each file's
 * seconds (vitest's JSON report).
 */
function calls(all) {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-store-calls-'));
  try {
    const report = join(folder, 'report.json');
    const run = spawnSync(
      'npx',
      ['vitest', 'run', '--project', 'pglite', '--reporter=json', `--outputFile=${report}`, ...only],
      {
        cwd: SERVER,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, STORE_CALLS: join(folder, 'calls'), ...(all ? { PGLITE_ALL: '1' } : {}) },
      },
    );
    if (!existsSync(report))
      throw new Error(`the PGlite project did not run (${all ? 'every file' : 'the set'})`);
    const results = JSON.parse(readFileSync(report, 'utf8')).testResults;
    // A failing test does not lose the run: what every file called up to then is still there. It is named, and the
    // script's exit code says so, since a test that stopped early may not have called all it calls when it passes.
    if (run.status !== 0) {
      process.exitCode = 1;
      for (const result of results)
        for (const test of result.assertionResults ?? [])
          if (test.status === 'failed')
            console.error(`failed: ${relative(SERVER, result.name)} > ${test.fullName}`);
    }
    const pairs = [];
    const callsFolder = join(folder, 'calls');
    for (const name of existsSync(callsFolder) ? readdirSync(callsFolder) : [])
      for (const line of readFileSync(join(callsFolder, name), 'utf8').split('\n').filter(Boolean)) {
        const [file, call] = line.split('\t');
        pairs.push({ file: relative(SERVER, file), call });
      }
    const seconds = new Map(
      results.map((result) => [relative(SERVER, result.name), (result.endTime - result.startTime) / 1000]),
    );
    return { pairs, seconds };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The greedy cover: KEEP, then by store functions added per second until every one is called. */
function choose({ pairs, seconds }) {
  const byFile = new Map();
  for (const { file, call } of pairs) byFile.set(file, new Set([...(byFile.get(file) ?? []), call]));
  const wanted = new Set(pairs.map((pair) => pair.call));
  const covered = new Set();
  const chosen = [];
  const take = (file) => {
    const adds = [...(byFile.get(file) ?? [])].filter((call) => !covered.has(call));
    for (const call of adds) covered.add(call);
    chosen.push({ file, seconds: seconds.get(file) ?? 0, adds: adds.length });
  };
  for (const file of KEEP) if (seconds.has(file)) take(file);
  while (covered.size < wanted.size) {
    let best = null;
    for (const [file, fileCalls] of byFile) {
      if (chosen.some((one) => one.file === file)) continue;
      const adds = [...fileCalls].filter((call) => !covered.has(call)).length;
      if (adds === 0) continue;
      const rate = adds / Math.max(seconds.get(file) ?? 0, 0.01);
      if (!best || rate > best.rate) best = { file, rate };
    }
    if (!best) break;
    take(best.file);
  }
  const total = [...seconds.values()].reduce((sum, one) => sum + one, 0);
  const setSeconds = chosen.reduce((sum, one) => sum + one.seconds, 0);
  console.log(
    `store functions: ${wanted.size}; every file: ${seconds.size} files, ${total.toFixed(1)} s; ` +
      `the set: ${chosen.length} files, ${setSeconds.toFixed(1)} s`,
  );
  for (const one of chosen) console.log(`  '${one.file}', // ${one.seconds.toFixed(1)} s, adds ${one.adds}`);
}

/** Every file's run: a kept one (`--every`), or a new one, kept when asked (`--save`). */
function everyFile() {
  if (keptEvery) {
    const kept = JSON.parse(readFileSync(keptEvery, 'utf8'));
    return { pairs: kept.pairs, seconds: new Map(kept.seconds) };
  }
  const run = calls(true);
  if (saveTo) writeFileSync(saveTo, JSON.stringify({ pairs: run.pairs, seconds: [...run.seconds] }));
  return run;
}

if (process.argv.includes('--choose')) {
  choose(everyFile());
  process.exit(process.exitCode ?? 0);
}
const everything = everyFile().pairs;
const set = new Set(calls(false).pairs.map((pair) => pair.call));
const missing = new Map();
for (const { file, call } of everything)
  if (!set.has(call)) missing.set(call, [...(missing.get(call) ?? []), file]);
const total = new Set(everything.map((pair) => pair.call)).size;
console.log(`store functions called: ${total} by the whole suite, ${set.size} by the PGlite set`);
for (const [call, files] of [...missing].sort())
  console.log(`  only outside the set: ${call}  (${[...new Set(files)].join(', ')})`);
process.exit(missing.size > 0 ? 1 : (process.exitCode ?? 0));
