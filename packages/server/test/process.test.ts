import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.js';

// The server as `npm start` runs it: compiled to JavaScript (scripts/build-server.mjs) and run by
// plain node, a real process on the embedded database, the demo seed, the data-folder lock, the
// operator command through the running server, and a graceful SIGTERM.

const root = join(import.meta.dirname, '../../..');
const main = join(root, 'packages/server/dist/main.js');
const nodeArgs = ['--conditions=vitrine-compiled', '--enable-source-maps', main];
const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-proc-'));
const env = (port: number) => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG: '0',
  SIMULATE: '0',
  DATABASE_URL: '',
  SHUTDOWN_GRACE_MS: '5000',
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Up to 2 minutes: the first start seeds the demo, which takes long on a busy 2-core machine. */
async function waitUp(port: number, proc: ChildProcess) {
  for (let i = 0; i < 480; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/account/exists`, { method: 'POST' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('server did not start');
}

const postJson = async (port: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
  (
    await fetch(`http://127.0.0.1:${port}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  ).json() as Promise<{ ret: number; msg: string; result: Record<string, unknown> }>;

let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!!process.env.DATABASE_URL)('the server process on PGlite', () => {
  beforeAll(() => {
    const compiled = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(compiled.status, compiled.stderr).toBe(0);
  });

  it('starts with the demo, refuses a second process, serves the operator command, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    // a file an earlier version left readable to all is put right at start
    writeFileSync(join(dataDir, 'left-over.txt'), 'x');
    chmodSync(join(dataDir, 'left-over.txt'), 0o666);
    server = spawn(process.execPath, nodeArgs, { env: env(port), stdio: 'pipe' });
    await waitUp(port, server);

    // the demo enterprise: its supervisor logs in with the printed password and gets a menu
    const login = await postJson(port, 'account/login', { un: DEMO_USERS.supervisor.phone, pw: DEMO_PASSWORD });
    expect(login.ret).toBe(0);
    const headers = { at: String(login.result.token), id: String(login.result.userId) };
    const info = await postJson(port, 'account/info', {}, headers);
    const companies = info.result.companyList as { companyCode: string; status: number; isMain: number }[];
    expect(companies).toHaveLength(1);
    expect(companies[0]).toMatchObject({ status: 1, isMain: 1 });

    // a second process on the same folder is refused with a clear message
    const second = spawnSync(process.execPath, nodeArgs, {
      env: env(await freePort()),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain('is in use by another Vitrine process');

    // everything under DATA_DIR is owner-only: the database files, the secrets, the folders
    const open = readdirSync(dataDir, { recursive: true })
      .map(String)
      .filter((p) => statSync(join(dataDir, p)).mode & 0o077);
    expect(open).toEqual([]);
    expect(readdirSync(join(dataDir, 'pglite'), { recursive: true }).length).toBeGreaterThan(100);
    // the operator command goes through the running server
    const list = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'packages/server/src/cli/admin.ts'), 'enterprises'],
      {
        env: env(port),
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(companies[0].companyCode);
    expect(list.stdout.trim().split('\n')).toHaveLength(2);

    // SIGTERM while a login (a slow scrypt) is in flight and a client holds a request it never finishes:
    // the login completes, the other connection is cut after SHUTDOWN_GRACE_MS, the process exits 0.
    // The login is on a connection of its own, sent but for its body's last byte until after the
    // signal, so it is in flight for sure (a request the server has not read yet when the close begins
    // is on an idle connection, which the close ends: a busy CI machine once lost that race).
    const stuck = connect(port, '127.0.0.1');
    stuck.on('error', () => undefined);
    await new Promise((r) => stuck.once('connect', r));
    stuck.write('POST /api/account/exists HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const body = JSON.stringify({ un: DEMO_USERS.manager.phone, pw: DEMO_PASSWORD });
    const inFlight = connect(port, '127.0.0.1');
    await new Promise((r) => inFlight.once('connect', r));
    let answer = '';
    inFlight.setEncoding('utf8').on('data', (d: string) => (answer += d));
    const answered = new Promise((r) => inFlight.once('end', r));
    inFlight.write(
      'POST /api/account/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, -1)}`,
    );
    await new Promise((r) => setTimeout(r, 500));
    const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));
    const termAt = Date.now();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    inFlight.write(body.slice(-1));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).ret).toBe(0);
    expect(await exited).toBe(0);
    expect(Date.now() - termAt).toBeLessThan(20_000); // not the 60 s of the half-sent request's header timeout
    stuck.destroy();
    expect(existsSync(join(dataDir, 'vitrine.lock'))).toBe(false);

    // with no server running, the operator command opens the database itself
    const direct = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'packages/server/src/cli/admin.ts'), 'reject', companies[0].companyCode],
      {
        env: env(port),
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(direct.stdout).toContain('rejected');
    expect(existsSync(join(dataDir, 'vitrine.lock'))).toBe(false);
  }, 300_000);
});
