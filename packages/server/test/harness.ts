import type { Health } from '../src/plugins/health.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { allCalls } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { createHasher } from '../src/lib/password.js';
import type { Config } from '../src/config.js';
import { openPg, openPglite, type Db } from '../src/db/client.js';
import type { Deps } from '../src/deps.js';
import { withDb } from './global-setup.js';
import { testBucket } from './storage.js';

export type TestApp = { app: FastifyInstance; deps: Deps; health: Health; db: Db; config: Config; url?: string };

/**
 * scrypt at N=2^10 instead of the product's 2^17 (128 MiB, ~0.65 s each here): the tests register,
 * log in and seed the demo hundreds of times, and what they check is the hashing's use — throttles,
 * the queue, one answer for an unknown phone and a wrong password — not its cost, which the hash
 * records (a stored hash verifies at its own N). password.test.ts, process.test.ts (the compiled
 * server) and the end-to-end suite keep the product's cost.
 */
export const testHasher = (config: Config) => createHasher(config.hashConcurrency, 64, 2 ** 10);

export function testConfig(dataDir: string, over: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    production: false,
    demo: false,
    autoApprove: false,
    dbAppRole: 'vitrine_app',
    dbPool: 4,
    authCacheMs: 0,
    jobs: false,
    secret: 'test-secret',
    apiBase: '/api',
    tokenIdleSeconds: 3600,
    tokenMaxSeconds: 86400,
    hashConcurrency: 2,
    logger: false,
    checkWrites: true,
    checkResults: true,
    // Every test calls from 127.0.0.1: per-IP limits high here, tested on their own in limits.test.ts.
    limits: {
      authPerMinute: 10_000,
      smsPerMinute: 10_000,
      smsPerIpDay: 10_000,
      smsPerPhoneDay: 10,
      joinPerMinute: 10_000,
      activateWrongPerAddress: 10_000,
    },
    // No device-loop timers: tests flush presence and run the sweep themselves, with their own clock.
    // Plans read afresh on every playlist call: a launched plan shows in the next answer.
    deviceLoop: { timers: false, playlistCacheMs: 0 },
    ...over,
  };
}

/** A database of its own for this test file: the migrated template, loaded or cloned. */
export async function testDatabase(): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  const template = url ? inject('pgTemplate') : undefined;
  if (url && template) {
    const name = `vitrine_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const db = await openPg(withDb(url, name), 4);
    return {
      db,
      url: withDb(url, name),
      drop: async () => {
        await db.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const db = await openPglite({
    loadDataDir: readFileSync(inject('pgliteTemplate')),
    inline: process.env.PGLITE_THREAD !== '1',
  });
  return { db, drop: () => db.close() };
}

/** Build the real app on this file's own database; closed after the file's tests. */
export function useTestApp(over: Partial<Config> = {}, authCacheMs = 5000): TestApp {
  const t = {} as TestApp;
  let drop: () => Promise<void>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vitrine-test-'));
    const opened = await testDatabase();
    drop = opened.drop;
    const s3 = await testBucket();
    const config = testConfig(dataDir, { ...(s3 ? { s3 } : {}), ...over });
    const built = await buildApp({ config, db: opened.db, authCacheMs, hasher: testHasher(config) });
    await built.app.ready();
    Object.assign(t, {
      app: built.app,
      deps: built.deps,
      health: built.health,
      db: opened.db,
      config,
      url: opened.url,
    });
  });
  afterAll(async () => {
    await t.app?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return t;
}

/**
 * Runs a statement on the admin connection (as an operator editing the database would) and, when
 * it changes something the auth cache holds, resolves once the change notification arrived: the
 * event, not a sleep.
 */
export async function adminWrite(t: TestApp, sql: string, params?: unknown[]) {
  const since = t.deps.cache.invalidations;
  await t.db.admin.query(sql, params);
  await invalidated(t, since);
}

/** Resolves once `t`'s cache was told to forget after `since`. */
export async function invalidated(t: TestApp, since: number) {
  const end = Date.now() + 10_000;
  while (t.deps.cache.invalidations <= since) {
    if (Date.now() > end) throw new Error('no invalidation arrived');
    await new Promise((r) => setTimeout(r, 5));
  }
}

export type Envelope<T = Record<string, unknown>> = { ret: number; msg: string; result: T };

const CALLS = new Map(allCalls.map((c) => [c.path, c]));

const formOf = (body: Record<string, unknown>) => {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body))
    if (v !== undefined) form.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  return form;
};

/**
 * Calls one contract path the way a client does: POST with a form body (a JSON body where the call
 * says so, its query-string names in the URL), or GET with a query string.
 */
export async function post<T = Record<string, unknown>>(
  t: TestApp,
  path: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown> }> {
  const def = CALLS.get(path);
  const inQuery = new Set(Object.keys(def?.query?.shape ?? {}));
  const part = (q: boolean) => Object.fromEntries(Object.entries(body).filter(([k]) => inQuery.has(k) === q));
  const qs = formOf(part(true)).toString();
  const res =
    def?.method === 'GET'
      ? await t.app.inject({ method: 'GET', url: `/api/${path}?${formOf(body).toString()}`, headers })
      : await t.app.inject({
          method: 'POST',
          url: `/api/${path}${qs ? `?${qs}` : ''}`,
          payload: def?.encoding === 'json' ? JSON.stringify(part(false)) : formOf(part(false)).toString(),
          headers: {
            'content-type': def?.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
            ...headers,
          },
        });
  // a file answer (a CSV export, a spreadsheet template) reads as success with its text as the
  // result, so the isolation matrix scans it for the other enterprise's marker like any other answer
  const file = !String(res.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: res.statusCode,
    body: (file ? { ret: 0, msg: 'file', result: res.body } : res.json()) as Envelope<T>,
    headers: res.headers,
  };
}
