import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { migrationFiles } from '../src/db/migrate.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.js';
import { DEMO_STAFF } from '../src/seed/demo-inform.js';
import { DISTRICT_MANAGERS } from '../src/seed/demo-stores.js';
import { BOUNDARY, makePng, multipartBody } from '../src/domains/files/fixtures.js';
import { withDb } from './global-setup.js';
import { S3RVER_CREDENTIALS } from './storage.js';

// Two server processes started together on one empty PostgreSQL database, as behind a load
// balancer: one migrates and seeds while the other waits (advisory locks), and a change made
// through one instance reaches the other's auth cache by NOTIFY, although each keeps lookups for
// ten minutes here. Each has a data folder of its own and both keep media in one bucket (an
// S3-compatible server started here): a file uploaded through one is served by the other.

const url = process.env.DATABASE_URL;
const root = join(import.meta.dirname, '../../..');
const main = join(root, 'packages/server/src/main.ts');
const name = `vitrine_inst_${randomBytes(4).toString('hex')}`;
const procs: ChildProcess[] = [];
const dirs: string[] = [];
let admin: pg.Client | undefined;
const s3dir = mkdtempSync(join(tmpdir(), 'vitrine-inst-s3-'));
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3dir,
  configureBuckets: [{ name: 'media' }],
});

afterAll(async () => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  await s3.close().catch(() => undefined); // not started when the file is skipped
  rmSync(s3dir, { recursive: true, force: true });
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

type Envelope = { ret: number; msg: string; result: Record<string, unknown> };
const call = async (port: number, path: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  (
    await fetch(`http://127.0.0.1:${port}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  ).json() as Promise<Envelope>;

async function start(secret: string, s3Endpoint: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-inst-'));
  dirs.push(dataDir);
  const env = {
    ...process.env,
    DATABASE_URL: withDb(url!, name),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG: '0',
    DEMO: '1',
    SECRET: secret,
    AUTH_CACHE_MS: String(10 * 60_000),
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: 'media',
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  };
  const proc = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += String(d)));
  procs.push(proc);
  const up = (async () => {
    for (let i = 0; i < 480; i++) {
      if (proc.exitCode !== null) throw new Error(`instance exited with ${proc.exitCode}: ${stderr}`);
      try {
        await fetch(`http://127.0.0.1:${port}/api/account/exists`, { method: 'POST' });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 250)); // the process is still starting: look again
      }
    }
    throw new Error(`instance did not start: ${stderr}`);
  })();
  return { port, proc, up };
}

/** Ask `port` until it answers `ret` (the notification has arrived) or give up after 10 s. */
async function until(port: number, path: string, headers: Record<string, string>, ret: number): Promise<number> {
  const end = Date.now() + 10_000;
  let got = -1;
  while (Date.now() < end) {
    got = (await call(port, path, {}, headers)).ret;
    if (got === ret) return got;
  }
  return got;
}

async function signIn(port: number, phone: string) {
  const login = await call(port, 'account/login', { un: phone, pw: DEMO_PASSWORD });
  expect(login.ret).toBe(0);
  return { at: String(login.result.token), id: String(login.result.userId) };
}

async function asRole(port: number, user: { at: string; id: string }, enCode: string) {
  const roles = await call(port, 'account/roles', { enCode }, user);
  return { ...user, enCode, roleCode: (roles.result.list as { roleNode: string }[])[0].roleNode };
}

describe.skipIf(!url)('two instances on one PostgreSQL', () => {
  it('start together on an empty database, and a revoked token or removed member is refused on the other', async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const secret = randomBytes(16).toString('hex'); // shared: SMS codes sent by one are checked by the other
    const { port: s3port } = await s3.run();
    const a = await start(secret, `http://127.0.0.1:${s3port}`);
    const b = await start(secret, `http://127.0.0.1:${s3port}`);
    await Promise.all([a.up, b.up]);

    const db = new pg.Client({ connectionString: withDb(url!, name) });
    await db.connect();
    try {
      const migrated = await db.query<{ name: string }>('select name from schema_migrations order by name');
      expect(migrated.rows.map((r) => r.name)).toEqual(migrationFiles().map((m) => m.name));
      const users = await db.query<{ n: number }>('select count(*)::int as n from users');
      expect(users.rows[0].n).toBe(Object.keys(DEMO_USERS).length + DEMO_STAFF.length + DISTRICT_MANAGERS.length); // seeded once
    } finally {
      await db.end();
    }

    const sup = await signIn(a.port, DEMO_USERS.supervisor.phone);
    const info = await call(a.port, 'account/info', {}, sup);
    const enCode = (info.result.companyList as { companyCode: string }[])[0].companyCode;
    const supervisor = await asRole(a.port, sup, enCode);
    const manager = await signIn(a.port, DEMO_USERS.manager.phone);
    const assistant = await asRole(a.port, await signIn(a.port, DEMO_USERS.assistant.phone), enCode);

    // B resolves (and caches) both callers
    expect((await call(b.port, 'account/info', {}, manager)).ret).toBe(0);
    expect((await call(b.port, 'account/menu', {}, assistant)).ret).toBe(0);

    // an avatar uploaded through A: its signed URL (with a Range) and its lasting address answer on B
    const png = makePng(5, 4, 27);
    const permit = (await (
      await fetch(`http://127.0.0.1:${a.port}/api/file/signature?kind=avatar`, { headers: supervisor })
    ).json()) as Envelope;
    const up = (await (
      await fetch(`http://127.0.0.1:${a.port}/api/file/upload`, {
        method: 'POST',
        headers: { ...supervisor, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: new Uint8Array(multipartBody({ name: 'a.png', data: png }, { permit: String(permit.result.permit) })),
      })
    ).json()) as Envelope;
    expect(up.ret).toBe(0);
    const raw = await fetch(`http://127.0.0.1:${b.port}${String(up.result.url)}`, { headers: { range: 'bytes=8-15' } });
    expect(raw.status).toBe(206);
    expect(Buffer.from(await raw.arrayBuffer())).toEqual(png.subarray(8, 16));
    const lasting = await fetch(`http://127.0.0.1:${b.port}${String(up.result.publicUrl)}`);
    expect(Buffer.from(await lasting.arrayBuffer())).toEqual(png);

    expect((await call(a.port, 'account/logout', {}, manager)).ret).toBe(0);
    expect(await until(b.port, 'account/info', manager, RET.unauthenticated)).toBe(RET.unauthenticated);

    expect((await call(a.port, 'company/remove-member', { userId: Number(assistant.id) }, supervisor)).ret).toBe(0);
    expect(await until(b.port, 'account/menu', assistant, RET.tenantInvalid)).toBe(RET.tenantInvalid);

    const exits = [a, b].map(
      ({ proc }) => new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code))),
    );
    a.proc.kill('SIGTERM');
    b.proc.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
  }, 240_000);
});
