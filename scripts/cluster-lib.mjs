/* global fetch, clearTimeout */
// Start N Vitrine instances on one PostgreSQL behind HAProxy (and optionally PgBouncer), as child
// processes with generated configs in a temp dir. Used by `npm run cluster`, the fault test and
// bench/cluster.ts. Installs nothing: haproxy/pgbouncer must be on the machine.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { NODE_FLAGS, SERVER_MAIN } from './build-server.mjs';

export const APT_LINE = 'sudo apt-get install -y haproxy pgbouncer';

/** The path of `name` in /usr/sbin, /usr/bin or PATH, or undefined. */
export function which(name) {
  for (const dir of ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin'])
    if (existsSync(join(dir, name))) return join(dir, name);
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Create the database named in `url` when it is missing (connecting to `postgres` on the same server). */
export async function ensureDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name}: lower-case letters, digits and _ only`);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!r.rowCount) await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
}

export function haproxyConfig({ port, servers }) {
  return `global
    maxconn 4000
    log stderr format raw local0 info
defaults
    mode http
    log global
    # a line for each failed session only (its termination state says who closed what)
    option httplog
    option dontlog-normal
    option redispatch 1
    retries 2
    retry-on conn-failure empty-response
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    # longer than the instances announce to clients (keep-alive: timeout=72): see deploy/haproxy.cfg
    timeout http-keep-alive 75s
    timeout check 5s
frontend vitrine
    bind 127.0.0.1:${port}
    maxconn 3000
    default_backend app
backend app
    balance leastconn
    option httpchk
    http-check send meth GET uri /readyz
    http-check expect status 200
    default-server check inter 1s fall 3 rise 2
${servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port}`).join('\n')}
`;
}

export function pgbouncerConfig({ port, pgUrl, dir }) {
  const u = new URL(pgUrl);
  const db = u.pathname.slice(1);
  return `[databases]
${db} = host=${u.hostname} port=${u.port || 5432} dbname=${db}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'userlist.txt')}
pool_mode = transaction
default_pool_size = 20
max_client_conn = 1000
server_reset_query =
ignore_startup_parameters = extra_float_digits,options
log_connections = 0
log_disconnections = 0
`;
}

async function waitReady(url, ms, child) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited (${child.exitCode})`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after ${ms} ms`);
}

/**
 * opts: instances, databaseUrl (PostgreSQL), pgbouncer (bool), port (HAProxy's; 0 = free),
 * dataDir (shared; default a temp dir), ownDataDirs (each instance its own: a broken deploy, for the
 * fault test), env (extra env for every instance), quiet (instances' output discarded).
 */
export async function startCluster(opts) {
  const haproxy = which('haproxy');
  if (!haproxy) throw new Error(`haproxy not found; install it: ${APT_LINE}`);
  const bouncer = opts.pgbouncer ? which('pgbouncer') : undefined;
  if (opts.pgbouncer && !bouncer) throw new Error(`pgbouncer not found; install it: ${APT_LINE}`);
  if (!existsSync(SERVER_MAIN))
    throw new Error(`${SERVER_MAIN} missing: run npm start once (or node scripts/build-server.mjs)`);
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-cluster-'));
  const dataDir = opts.dataDir ?? join(dir, 'data');
  await ensureDatabase(opts.databaseUrl);
  const children = [];
  const out = opts.quiet ? 'ignore' : 'inherit';
  let appUrl = opts.databaseUrl;
  if (bouncer) {
    const port = await freePort();
    writeFileSync(
      join(dir, 'userlist.txt'),
      `"${decodeURIComponent(new URL(opts.databaseUrl).username) || 'postgres'}" ""\n`,
    );
    writeFileSync(join(dir, 'pgbouncer.ini'), pgbouncerConfig({ port, pgUrl: opts.databaseUrl, dir }));
    // PgBouncer refuses to run as root: then as nobody, who must read the configs
    const asRoot = process.getuid?.() === 0;
    if (asRoot) for (const f of ['', 'userlist.txt', 'pgbouncer.ini']) chmodSync(join(dir, f), f ? 0o644 : 0o755);
    const b = spawn(bouncer, [join(dir, 'pgbouncer.ini')], {
      stdio: out,
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    children.push(b);
    const u = new URL(opts.databaseUrl);
    u.host = `127.0.0.1:${port}`;
    appUrl = u.toString();
    await new Promise((r) => setTimeout(r, 300));
  }
  const instances = [];
  const startInstance = async (name, i) => {
    const port = await freePort();
    const ownDir = opts.ownDataDirs ? join(dir, `data-${i}`) : dataDir;
    mkdirSync(ownDir, { recursive: true });
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ownDir,
      DATABASE_URL: appUrl,
      LISTEN_DATABASE_URL: opts.databaseUrl,
      DRAIN_DELAY_MS: '1000',
      ...(opts.env ?? {}),
    };
    const child = spawn(process.execPath, [...NODE_FLAGS, SERVER_MAIN], { env, stdio: out });
    children.push(child);
    const inst = { name, port, child, dataDir: ownDir };
    await waitReady(`http://127.0.0.1:${port}/readyz`, 60_000, child);
    return inst;
  };
  const end = (c) =>
    c.exitCode === null && c.signalCode === null
      ? new Promise((r) => {
          const t = setTimeout(() => {
            c.kill('SIGKILL');
            r();
          }, 5000);
          c.once('exit', () => {
            clearTimeout(t);
            r();
          });
          c.kill('SIGTERM');
        })
      : undefined;
  // the balancer and the instances first, PgBouncer (the first child) once they have closed their pools
  const stop = async () => {
    await Promise.all(children.slice(bouncer ? 1 : 0).map(end));
    if (bouncer) await end(children[0]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // the first migrates (and seeds the demo when DEMO is on); the others find it done
    instances.push(await startInstance('a1', 0));
    instances.push(
      ...(await Promise.all(Array.from({ length: opts.instances - 1 }, (_, i) => startInstance(`a${i + 2}`, i + 1)))),
    );
    const port = opts.port || (await freePort());
    writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig({ port, servers: instances }));
    // its log of failed sessions: haproxy.log in the cluster's folder
    const h = spawn(haproxy, ['-db', '-f', join(dir, 'haproxy.cfg')], {
      stdio: ['ignore', 'ignore', openSync(join(dir, 'haproxy.log'), 'a')],
    });
    children.push(h);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(`${url}/readyz`, 15_000, h);
    return { url, dir, instances, databaseUrl: opts.databaseUrl, appDatabaseUrl: appUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
