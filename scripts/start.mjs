#!/usr/bin/env node
// Installs what is missing, builds the front ends when their sources changed, and starts the server
// (embedded PostgreSQL with demo data unless DATABASE_URL or DEMO_SEED say otherwise), with the sandbox payment
// gateway beside it (PAYMENT_SANDBOX=0 leaves it out) so that a deposit can be tried end to end, and the game provider
// simulator (GAME_PROVIDER_SANDBOX=0 leaves it out) so that a game can be launched and played, and the sandbox SMS
// gateway the site sends its SMS to (SMS_SANDBOX=0, or a real SMS_GATEWAY_URL, leaves it out) so that a code can be
// read there: the console's SMS outbox shows codes masked.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
 * A sandbox (sandbox/<folder>/main.ts) on the loopback address of its URL variable, where the demo data points;
 * null when it is switched off or that address is not this machine.
 */
function startSandbox({ name, folder, off, urlVariable, defaultUrl, hostVariable, portVariable, env = {} }) {
  if (process.env[off] === '0') return null;
  const url = new URL(process.env[urlVariable] || defaultUrl);
  const host = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname.replace(/^\[|\]$/g, '');
  if (!['127.0.0.1', '::1'].includes(host)) return null;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const child = spawn(process.execPath, ['--import', 'tsx', `sandbox/${folder}/main.ts`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, [hostVariable]: host, [portVariable]: port },
  });
  child.on('exit', (code, signal) => {
    if (code && !signal) console.error(`The ${name} stopped (exit ${code}); the site runs on without it.`);
  });
  return child;
}

// The site's SMS go to the sandbox SMS gateway, with a token made for this start, unless a real gateway is set.
const smsToken = randomBytes(24).toString('base64url');
const smsSandbox = process.env.SMS_GATEWAY_URL
  ? null
  : startSandbox({
      name: 'sandbox SMS gateway',
      folder: 'sms-gateway',
      off: 'SMS_SANDBOX',
      urlVariable: 'SMS_SANDBOX_URL',
      defaultUrl: 'http://127.0.0.1:8092',
      hostVariable: 'SMS_SANDBOX_HOST',
      portVariable: 'SMS_SANDBOX_PORT',
      env: { SMS_SANDBOX_TOKEN: smsToken },
    });
const smsGateway = smsSandbox
  ? {
      SMS_GATEWAY_URL: new URL('/api/messages', process.env.SMS_SANDBOX_URL || 'http://127.0.0.1:8092').href,
      SMS_GATEWAY_TOKEN: smsToken,
    }
  : {};
const sandboxes = [
  startSandbox({
    name: 'sandbox payment gateway',
    folder: 'payment-gateway',
    off: 'PAYMENT_SANDBOX',
    urlVariable: 'PAYMENT_SANDBOX_URL',
    defaultUrl: 'http://127.0.0.1:8090',
    hostVariable: 'SANDBOX_HOST',
    portVariable: 'SANDBOX_PORT',
  }),
  startSandbox({
    name: 'game provider simulator',
    folder: 'game-provider',
    off: 'GAME_PROVIDER_SANDBOX',
    urlVariable: 'GAME_PROVIDER_SANDBOX_URL',
    defaultUrl: 'http://127.0.0.1:8091',
    hostVariable: 'GAME_SANDBOX_HOST',
    portVariable: 'GAME_SANDBOX_PORT',
  }),
  smsSandbox,
  startSandbox({
    name: 'Chatwoot sandbox',
    folder: 'chatwoot',
    off: 'CHATWOOT_SANDBOX',
    urlVariable: 'CHATWOOT_SANDBOX_URL',
    defaultUrl: 'http://127.0.0.1:8093',
    hostVariable: 'CHATWOOT_SANDBOX_HOST',
    portVariable: 'CHATWOOT_SANDBOX_PORT',
  }),
].filter(Boolean);
// The server itself (what `npm run serve` runs), without npm in between: a signal reaches it directly.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, ...smsGateway },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
    for (const sandbox of sandboxes) sandbox.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  for (const sandbox of sandboxes) if (sandbox.exitCode === null) sandbox.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
