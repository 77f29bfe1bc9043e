import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
/** The production build of the server (`npm run build:server`), run with plain node. */
const SERVER_BUILD = 'apps/server/dist/main.js';

/** The newest modification time (ms) of the files under `path`, node_modules and dist left out. */
function newestUnder(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name !== 'node_modules' && name !== 'dist') newest = Math.max(newest, newestUnder(join(path, name)));
  }
  return newest;
}

/**
 * Builds the server (apps/server/build.mjs) when its build is missing or older than what it is made of: the
 * server's sources, the workspace packages it bundles, the build script and its package.json. Answers the build's
 * path, relative to the repository.
 */
export function serverBuild(): string {
  const built = join(ROOT, SERVER_BUILD);
  const sources = [
    join(ROOT, 'apps/server/src'),
    join(ROOT, 'apps/server/build.mjs'),
    join(ROOT, 'apps/server/package.json'),
    ...readdirSync(join(ROOT, 'packages')).map((name) => join(ROOT, 'packages', name, 'src')),
  ];
  const stale = !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map(newestUnder));
  if (stale) execFileSync(process.execPath, [join(ROOT, 'apps/server/build.mjs')], { stdio: 'inherit' });
  return SERVER_BUILD;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server process's id. */
  pid: number;
  /** Everything the process printed so far. */
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code; removes the temporary data folder. */
  stop: () => Promise<number | null>;
}

/**
 * Starts `apps/server/src/main.ts` (with tsx; `compiled`: the production build, `apps/server/dist/main.js` of
 * `npm run build:server`, with node, built first when missing or stale) as its own process on a free loopback port, on a fresh embedded database
 * with demo data unless `env` says otherwise, and resolves once it listens.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { compiled?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-server-'));
  const port = await freePort();
  const {
    DATABASE_URL: _database,
    OWNER_USERNAME: _owner,
    OWNER_PASSWORD: _password,
    ...inherited
  } = process.env;
  const args = options.compiled ? [serverBuild()] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  // Resolved by the line the server prints once it listens: each chunk of output is looked at as it comes.
  let listening: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    listening = resolve;
  });
  const collect = (chunk: Buffer) => {
    // E2E_SERVER_LOG=1 passes the servers' warnings and errors through, to read beside a failing test.
    if (process.env.E2E_SERVER_LOG === '1') process.stderr.write(chunk);
    output += String(chunk);
    if (output.includes('Operator console')) listening();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    // A ceiling, not a pause: a cold start with the demo seed takes seconds, minutes on a machine shared by many.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    ready.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
