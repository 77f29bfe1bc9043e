/**
 * Several server processes behind nginx on one PostgreSQL (issue 30): `scripts/cluster.sh` runs this file; the
 * cluster test and bench/cluster.ts start the same cluster through `startCluster`.
 *
 * - PostgreSQL: DATABASE_URL, or a throwaway server in a temporary folder (removed on exit).
 * - PROCESSES (3) server processes on their own loopback ports, each with its job runner: the compiled server
 *   (apps/server/dist/main.js of `npm run build:server`, built first when missing or older than its sources) run
 *   with plain node and NODE_ENV=production as in production (cluster.sh passes on a NODE_ENV it is given); the first
 *   migrates and seeds before the others start.
 * - nginx (Debian's package) as the current user with a generated config in a temporary folder, on PORT (8080):
 *   WebSocket upgrade, X-Forwarded-For set to the visitor's address (a visitor cannot add its own), and the
 *   processes started with TRUST_PROXY=127.0.0.1 so limits see that address. Health is passive (nginx OSS has no
 *   active checks): a process that refuses connections or times out is skipped for the request (idempotent ones are
 *   sent to the next process) and left out for FAIL_TIMEOUT seconds; a process shutting down on SIGTERM fails
 *   /readyz and closes its listener at once, so nginx stops sending it requests.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres, startStandby } from '../apps/server/test/postgres.ts';
import { freePort, serverBuild } from '../e2e/start-server.ts';

const ROOT = join(import.meta.dirname, '..');
/** Debian's nginx is in /usr/sbin, which a non-root user's PATH may lack. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
/** Seconds nginx leaves a process out after a failed connection. */
const FAIL_TIMEOUT = 2;

export interface ClusterNode {
  port: number;
  /** The running process's id (null while stopped). */
  pid: () => number | null;
  output: () => string;
  /**
   * Starts the process (again) and resolves once it listens; `env`, when given, is added to the cluster's
   * environment for this start and the later ones (e.g. a test's TEST_CLOCK).
   */
  start: (env?: Record<string, string>) => Promise<void>;
  /** Sends the signal and resolves with the exit code once the process has exited. */
  kill: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface Cluster {
  /** nginx's address: the site's one entry. */
  url: string;
  databaseUrl: string;
  /** The standby's address of the same database (with `replica`). */
  replicaUrl: string | null;
  nodes: ClusterNode[];
  stop: () => Promise<void>;
}

export interface ClusterOptions {
  processes?: number;
  /** nginx's port (a free one when 0). */
  port?: number;
  /** A database to use; otherwise a throwaway PostgreSQL server is started. */
  databaseUrl?: string;
  /** More environment for the server processes (e.g. DEMO_SEED=0, JOBS=0). */
  env?: Record<string, string>;
  /** Passes each process's output through to this process's. */
  echo?: boolean;
  /**
   * Also starts a streaming standby of the database's server (`pg_basebackup -R`; the server must allow replication
   * from loopback, as the throwaway one does) and gives the processes DATABASE_REPLICA_URL for their lagging reads.
   */
  replica?: boolean;
}

function serverNode(build: string, port: number, env: Record<string, string>, echo: boolean): ClusterNode {
  let child: ChildProcess | null = null;
  let exited: Promise<number | null> = Promise.resolve(null);
  let output = '';
  let added: Record<string, string> = {};
  return {
    port,
    pid: () => child?.pid ?? null,
    output: () => output,
    async start(more) {
      output = '';
      if (more) added = more;
      const started = spawn(process.execPath, [build], {
        cwd: ROOT,
        env: { ...process.env, ...env, ...added, PORT: String(port), HOST: '127.0.0.1' },
      });
      child = started;
      exited = new Promise((resolve) =>
        started.once('exit', (code, signal) => {
          if (child === started) child = null;
          resolve(code ?? (signal ? 128 : null));
        }),
      );
      let listening: () => void = () => {};
      const ready = new Promise<void>((resolve) => {
        listening = resolve;
      });
      const collect = (chunk: Buffer) => {
        output += String(chunk);
        if (echo) process.stdout.write(`[${port}] ${String(chunk)}`);
        // The line main.ts prints once it listens.
        if (output.includes('Operator console')) listening();
      };
      started.stdout.on('data', collect);
      started.stderr.on('data', collect);
      await new Promise<void>((resolve, reject) => {
        // A ceiling, not a pause: a cold start takes seconds, minutes on a machine shared by many.
        const timer = setTimeout(
          () => reject(new Error(`server on ${port} did not start:\n${output}`)),
          180_000,
        );
        exited.then((code) => reject(new Error(`server on ${port} exited with ${code}:\n${output}`)));
        ready.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async kill(signal = 'SIGTERM') {
      if (!child) return null;
      child.kill(signal);
      return exited;
    },
  };
}

/** nginx's configuration: one upstream of the processes, passive health, WebSocket upgrade. */
function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? `user ${userInfo().username};\n` : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream tessera {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${FAIL_TIMEOUT}s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 2m;
    location / {
      proxy_pass http://tessera;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_connect_timeout 2s;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

/** Resolves once `url` answers 200, asking again every 50 ms up to a generous ceiling. */
async function answering(url: string, ceilingMs = 30_000): Promise<void> {
  const end = Date.now() + ceilingMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.processes ?? 3;
  const postgres = options.databaseUrl ? null : await startPostgres();
  const databaseUrl = options.databaseUrl ?? (postgres?.url as string);
  const dir = mkdtempSync(join(tmpdir(), 'tessera-cluster-'));
  const nodes: ClusterNode[] = [];
  let standby: Awaited<ReturnType<typeof startStandby>> | null = null;
  let nginx: ChildProcess | null = null;
  const stop = async () => {
    if (nginx) {
      const proxy = nginx;
      nginx = null;
      const gone = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await gone;
    }
    await Promise.all(nodes.map((node) => node.kill('SIGTERM')));
    standby?.remove();
    postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  let replicaUrl: string | null = null;
  try {
    if (options.replica) {
      // The standby's copy of the same database: its address with the standby's host and port.
      const database = new URL(databaseUrl);
      standby = await startStandby(databaseUrl);
      const at = new URL(standby.url);
      replicaUrl = databaseUrl.replace(`@${database.host}/`, `@${at.host}/`);
      if (replicaUrl === databaseUrl)
        throw new Error('replica: the database address must name its user (user@host)');
    }
    const build = serverBuild();
    const env = {
      // Production's settings and start checks (a test runner's NODE_ENV=test is not passed on).
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: join(dir, 'unused-pglite'),
      SECRETS_KEY_FILE: join(dir, 'secrets.key'),
      ...(replicaUrl ? { DATABASE_REPLICA_URL: replicaUrl } : {}),
      ...options.env,
    };
    for (let i = 0; i < count; i += 1)
      nodes.push(serverNode(build, await freePort(), env, options.echo ?? false));
    // The first process migrates and seeds (and writes the shared secrets key file); the others then start together.
    await nodes[0]?.start();
    await Promise.all(nodes.slice(1).map((node) => node.start()));
    const port = options.port || (await freePort());
    mkdirSync(join(dir, 'nginx'));
    writeFileSync(
      join(dir, 'nginx', 'nginx.conf'),
      nginxConfig(
        join(dir, 'nginx'),
        port,
        nodes.map((n) => n.port),
      ),
    );
    const proxy = spawn(
      NGINX,
      ['-p', join(dir, 'nginx'), '-e', join(dir, 'nginx', 'error.log'), '-c', 'nginx.conf'],
      {
        stdio: 'inherit',
      },
    );
    nginx = proxy;
    const failed = new Promise<never>((_resolve, reject) =>
      proxy.once('exit', (code) => {
        nginx = null;
        reject(new Error(`nginx exited with ${code} (a port in use? see its error.log)`));
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    await Promise.race([answering(`${url}/readyz`), failed]);
    failed.catch(() => {});
    return { url, databaseUrl, replicaUrl, nodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `scripts/cluster.sh`: starts the cluster, prints its addresses, stops it on Ctrl-C or SIGTERM. */
async function main() {
  if (spawnSync(NGINX, ['-v']).error) {
    console.error('nginx not found: install it (Debian: apt-get install nginx)');
    process.exit(1);
  }
  const cluster = await startCluster({
    processes: Number(process.env.PROCESSES ?? 3),
    port: Number(process.env.PORT ?? 8080),
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    ...(process.env.NODE_ENV ? { env: { NODE_ENV: process.env.NODE_ENV } } : {}),
    replica: process.env.REPLICA === '1',
    echo: true,
  });
  process.stdout.write(
    [
      `Tessera cluster: ${cluster.nodes.length} processes behind nginx`,
      `  Site (nginx):     ${cluster.url}/`,
      `  Console:          ${cluster.url}/backoffice/`,
      `  Processes:        ${cluster.nodes.map((node) => `127.0.0.1:${node.port}`).join(', ')}`,
      `  PostgreSQL:       ${cluster.databaseUrl}`,
      ...(cluster.replicaUrl ? [`  Replica:          ${cluster.replicaUrl}`] : []),
      '',
    ].join('\n'),
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      cluster.stop().then(() => process.exit(0));
    });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
