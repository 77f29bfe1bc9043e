#!/usr/bin/env node
// Installs what is missing, builds the front ends when their sources changed, and starts the server
// (embedded PostgreSQL with demo data unless DATABASE_URL or DEMO_SEED say otherwise), with the sandbox payment
// gateway beside it (PAYMENT_SANDBOX=0 leaves it out) so that a deposit can be tried end to end.
import { spawn, spawnSync } from 'node:child_process';
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
/**
 * The sandbox gateway (sandbox/payment-gateway) on the loopback address of PAYMENT_SANDBOX_URL, where the demo's
 * online channel points; null when it is switched off or that address is not this machine.
 */
function startSandbox() {
  if (process.env.PAYMENT_SANDBOX === '0') return null;
  const url = new URL(process.env.PAYMENT_SANDBOX_URL || 'http://127.0.0.1:8090');
  const host = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname.replace(/^\[|\]$/g, '');
  if (!['127.0.0.1', '::1'].includes(host)) return null;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/payment-gateway/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SANDBOX_HOST: host, SANDBOX_PORT: port },
  });
  child.on('exit', (code, signal) => {
    if (code && !signal)
      console.error(`The sandbox payment gateway stopped (exit ${code}); the site runs on without it.`);
  });
  return child;
}

const sandbox = startSandbox();
// The server itself (what `npm run serve` runs), without npm in between: a signal reaches it directly.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'apps/server'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
    sandbox?.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  if (sandbox && sandbox.exitCode === null) sandbox.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
