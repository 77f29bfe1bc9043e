import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../../../e2e/start-server.ts';

/** The directory of initdb and pg_ctl: PG_BIN, the PATH, or Debian's /usr/lib/postgresql/<version>/bin. */
function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  // The installation's own folder (a symlink on the PATH may stand alone): pg_basebackup lies beside initdb there.
  if (onPath) return dirname(realpathSync(onPath));
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: install the postgresql package');
}

/** The address of database `name` on the server whose `postgres` database `serverUrl` names. */
export function databaseUrl(serverUrl: string, name: string): string {
  return serverUrl.replace(/\/postgres$/, `/${name}`);
}

/**
 * Runs PostgreSQL's tools of `bin` on the server folder `dir`: as the postgres user when this process is root
 * (initdb refuses root), who then owns the folder.
 */
function serverTools(bin: string, dir: string): (command: string, args: string[]) => void {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o777);
    execFileSync('chown', ['postgres', dir]);
  }
  return (command, args) => {
    const [file, fileArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    execFileSync(file as string, fileArgs as string[], { stdio: 'pipe' });
  };
}

/**
 * Starts a streaming standby of the server at `primaryUrl` (a `startPostgres` server, whose default settings allow
 * replication from loopback) in a temporary folder on a free port: `pg_basebackup -R`, then hot standby. `stop`
 * shuts it down and `start` starts it again (its folder kept); `remove` stops it and removes the folder.
 */
export async function startStandby(
  primaryUrl: string,
  bin = postgresBinDir(),
): Promise<{ url: string; stop: () => void; start: () => void; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-standby-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const run = serverTools(bin, dir);
  const primary = new URL(primaryUrl);
  run('pg_basebackup', [
    '-h',
    primary.hostname,
    '-p',
    primary.port,
    '-U',
    primary.username || 'postgres',
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    // At once, not at the primary's next spread checkpoint (minutes away).
    '--checkpoint=fast',
    '--no-sync',
  ]);
  let running = false;
  const start = () => {
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(dir, 'server.log'),
      '-o',
      // A standby needs at least the primary's max_connections.
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c hot_standby=on -c max_connections=200`,
      '-w',
      'start',
    ]);
    running = true;
  };
  const stop = () => {
    if (running) run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    running = false;
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: () => {
      try {
        stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Starts a throwaway PostgreSQL server in a temporary folder on a free loopback port (the tests' and the
 * benchmarks' server); `stop` shuts it down and removes the folder. `settings`: more server settings (`-c`), e.g.
 * the benchmarks' `shared_preload_libraries=pg_stat_statements`.
 */
export async function startPostgres(
  settings: string[] = [],
): Promise<{ url: string; port: number; bin: string; stop: () => void }> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'tessera-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const run = serverTools(bin, dir);
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200${settings.map((setting) => ` -c ${setting}`).join('')}`,
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    bin,
    stop: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** pgbench of the same installation as initdb (for the benchmarks' baselines). */
export function pgbenchPath(bin: string): string {
  const beside = join(bin, 'pgbench');
  if (existsSync(beside)) return beside;
  const root = '/usr/lib/postgresql';
  for (const version of existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []) {
    const candidate = join(root, version, 'bin', 'pgbench');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('pgbench not found: install the postgresql-contrib package');
}
