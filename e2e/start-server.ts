import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

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
 * `npm run build:server`, with node) as its own process on a free loopback port, on a fresh embedded database
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
  const args = options.compiled
    ? ['apps/server/dist/main.js']
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
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
