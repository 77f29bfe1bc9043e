#!/usr/bin/env node
// Installs what is missing, builds the front ends when their sources changed, and starts the server
// (embedded PostgreSQL with demo data unless DATABASE_URL or DEMO_SEED say otherwise).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const newest = (dir) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
};

// npm ci refuses a lock file without the optional binaries of other platforms, which this registry lacks.
if (!existsSync(join(root, 'node_modules/.package-lock.json')))
  run('npm', ['install', '--no-audit', '--no-fund']);
for (const app of ['apps/web', 'apps/backoffice']) {
  const built = join(root, app, 'dist/index.html');
  const sources = Math.max(newest(join(root, app, 'src')), newest(join(root, 'packages/contract/src')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) run('npm', ['run', 'build', '-w', app]);
}
run('npm', ['run', 'serve']);
