#!/usr/bin/env node
// npm run test:quick — the fast lane while working: only what the branch's changes can break.
// Changed files: those changed since `git merge-base HEAD main` (BASE=<ref> to compare with another branch), plus
// the working tree's (staged, unstaged, untracked). Then, for those files only:
//   1. lint: biome on the changed files;
//   2. typecheck: tsc of each workspace with a changed file (a contract change checks its users too);
//   3. unit tests: packages/house-games, packages/lottery and packages/sportsbook when they changed;
//   4. server tests of the changed areas: a change under apps/server/src/modules/<area>/ runs that area's
//      *.test.ts files; one under src/platform, src/db, src/seed or a helper in test/ (harness, factories) runs the
//      test/ folder; a changed test file runs itself. Both databases, as vitest.config.ts assigns the files.
// The browser tests and the whole suite stay with `npm test`. `npm run test:quick -- --list` prints the steps only.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const git = (...args) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

const base = process.env.BASE ?? 'main';
const mergeBase = git('merge-base', 'HEAD', base)[0];
const changed = [
  ...new Set([
    ...git('diff', '--name-only', mergeBase),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]),
].filter((file) => existsSync(join(ROOT, file)));

if (changed.length === 0) {
  console.log(`Nothing changed since ${base} (merge base ${mergeBase.slice(0, 8)}).`);
  process.exit(0);
}
console.log(`${changed.length} file(s) changed since ${base} (merge base ${mergeBase.slice(0, 8)}).`);

/** The workspaces `npm run typecheck` checks (scripts/typecheck.mjs, in groups), each with its own tsconfig. */
const WORKSPACES = [
  'apps/server',
  'apps/web',
  'apps/backoffice',
  'e2e',
  'bench',
  'packages/contract',
  'packages/house-games',
  'packages/lottery',
  'packages/sportsbook',
  'packages/tab-session',
  'sandbox/payment-gateway',
  'sandbox/game-provider',
  'sandbox/sms-gateway',
];
/** Workspaces that type-check against another's source: a change there checks these too. */
const USERS = {
  'packages/contract': ['apps/server', 'apps/web', 'apps/backoffice', 'e2e'],
  'packages/house-games': ['apps/server', 'apps/web'],
  'packages/lottery': ['packages/contract', 'apps/server', 'apps/web', 'apps/backoffice'],
  'packages/sportsbook': ['packages/contract', 'apps/server', 'apps/web', 'apps/backoffice'],
  'packages/tab-session': ['apps/web', 'apps/backoffice'],
  'sandbox/sms-gateway': ['apps/server', 'e2e'],
  'sandbox/payment-gateway': ['apps/server', 'e2e'],
  'sandbox/game-provider': ['apps/server', 'e2e'],
};
const workspaceOf = (file) => WORKSPACES.find((workspace) => file.startsWith(`${workspace}/`));

const steps = [];
const step = (name, command, args, cwd = ROOT) => steps.push({ name, command, args, cwd });

const LINTED = /\.(ts|tsx|js|mjs|cjs|json|jsonc|css)$/;
const lintable = changed.filter((file) => LINTED.test(file));
if (lintable.length > 0)
  step('lint (biome, changed files)', 'npx', ['biome', 'check', '--no-errors-on-unmatched', ...lintable]);

const touched = new Set(changed.map(workspaceOf).filter(Boolean));
// A Set visits what is added while it is walked: users of users are checked too.
for (const workspace of touched) for (const user of USERS[workspace] ?? []) touched.add(user);
for (const workspace of WORKSPACES.filter((one) => touched.has(one)))
  step(`typecheck ${workspace}`, 'npx', ['tsc', '-p', workspace]);

for (const workspace of ['packages/house-games', 'packages/lottery', 'packages/sportsbook'])
  if (touched.has(workspace)) step(`unit tests ${workspace}`, 'npm', ['test', '-w', workspace]);

const SERVER = 'apps/server';
const testsUnder = (folder) => {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.test.ts')) found.push(relative(join(ROOT, SERVER), path));
    }
  };
  if (existsSync(join(ROOT, folder))) walk(join(ROOT, folder));
  return found;
};
const serverTests = new Set();
for (const file of changed.filter((one) => one.startsWith(`${SERVER}/`))) {
  const area = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
  if (file.endsWith('.test.ts')) serverTests.add(relative(SERVER, file));
  else if (area) for (const test of testsUnder(`${SERVER}/src/modules/${area}`)) serverTests.add(test);
  else if (/^apps\/server\/(src\/(platform|db|seed)|test)\//.test(file))
    for (const test of testsUnder(`${SERVER}/test`)) serverTests.add(test);
}
if (serverTests.size > 0)
  step(
    `server tests (${serverTests.size} file(s))`,
    'npx',
    ['vitest', 'run', ...serverTests],
    join(ROOT, SERVER),
  );

if (process.argv.includes('--list')) {
  for (const { name, command, args } of steps) console.log(`${name}: ${command} ${args.join(' ')}`);
  process.exit(0);
}
const failed = [];
const timings = [];
for (const { name, command, args, cwd } of steps) {
  console.log(`\n== ${name}`);
  const from = performance.now();
  const run = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (run.status !== 0) failed.push(name);
  // Each step's seconds, as test-all.sh prints them.
  timings.push(`${String(Math.round((performance.now() - from) / 1000)).padStart(6)}  ${name}`);
}
if (steps.length === 0) console.log('Nothing to check for these files (no code of a workspace).');
else console.log(`\n== timings (s)\n${timings.join('\n')}`);
if (failed.length > 0) {
  console.error(`\ntest:quick failed: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\ntest:quick passed.');
