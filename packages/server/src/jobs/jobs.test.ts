import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { openPg } from '../db/client.js';
import type { Deps } from '../deps.js';
import { JOBS } from './index.js';
import { Jobs, type JobLog, type JobOutcome } from './runner.js';
import type { JobDef } from './types.js';

// pg-boss on the engine this suite runs on (PGlite by default, PostgreSQL with DATABASE_URL):
// scheduled jobs (interval and cron), retries with backoff, failures in the log, a clean stop.
// Short intervals; every wait is for an event or a state, never a fixed sleep.

const t = useTestApp();
const FAST = {
  pollingIntervalSeconds: 0.5,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  stopTimeoutMs: 1000,
};

type Logged = { level: 'info' | 'warn' | 'error'; obj: object; msg: string };
function capture(): JobLog & { lines: Logged[] } {
  const lines: Logged[] = [];
  const at = (level: Logged['level']) => (obj: object, msg: string) => void lines.push({ level, obj, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

const running: Jobs<Deps>[] = [];
function instance(defs: JobDef<Deps>[], log: JobLog = capture(), opts = FAST) {
  const jobs = new Jobs<Deps>(t.db, defs, () => t.deps, log, opts);
  running.push(jobs);
  return jobs;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((j) => j.stop()));
});

/** The next outcome of `event` that passes `when`. */
const next = (jobs: Jobs<Deps>, event: 'completed' | 'failed', when: (o: JobOutcome) => boolean = () => true) =>
  new Promise<JobOutcome>((resolve) => {
    const on = (o: JobOutcome) => {
      if (!when(o)) return;
      jobs.off(event, on);
      resolve(o);
    };
    jobs.on(event, on);
  });

/** Resolves once `check` holds, looking again whenever the database may have moved on. */
async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setImmediate(r));
  }
}

describe('background jobs', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'instances installing the job schema together take turns (pg-boss alone deadlocks)',
    async () => {
      const other = await openPg(t.url!, 2);
      try {
        for (let round = 0; round < 3; round++) {
          await t.db.admin.query('drop schema if exists pgboss cascade');
          const a = new Jobs<Deps>(t.db, JOBS, () => t.deps, capture());
          const b = new Jobs<Deps>(other, JOBS, () => t.deps, capture());
          await Promise.all([a.start(), b.start()]);
          await Promise.all([a.stop(), b.stop()]);
        }
        const [{ n }] = await t.db.admin.query<{ n: number }>(
          `select count(*)::int as n from pgboss.queue where name = 'cleanup'`,
        );
        expect(n).toBe(1);
      } finally {
        await other.close();
      }
    },
  );

  it('runs an interval job once per slot, whichever of two instances ticks', async () => {
    const runs: number[] = [];
    const def: JobDef<Deps> = {
      name: 'test-every',
      schedule: { everySeconds: 1 },
      run: async () => void runs.push(Date.now()),
    };
    const a = instance([def]);
    const b = instance([def]);
    await Promise.all([a.start(), b.start()]);
    const done = (n: number) =>
      new Promise<void>((resolve) => {
        const on = () => runs.length >= n && resolve();
        a.on('completed', on);
        b.on('completed', on);
      });
    await done(3);
    await Promise.all([a.stop(), b.stop()]);
    const [row] = await t.db.admin.query<{ jobs: number; slots: number; unslotted: number }>(
      `select count(*)::int as jobs, count(distinct singleton_on)::int as slots, count(*) filter (where singleton_on is null)::int as unslotted
         from pgboss.job where name = 'test-every'`,
    );
    expect(row.unslotted).toBe(0);
    expect(row.jobs).toBe(row.slots);
    expect(row.jobs).toBeGreaterThanOrEqual(3);
  });

  it('stop() returns only once pg-boss has written the finished job complete (it does not await that itself)', async () => {
    // the statement that marks the job complete is held back: stop() must wait for it, so that the
    // database a test (or a shutdown) closes next is not closed under it
    let pending = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const slowDb = {
      ...t.db,
      exec: async (text: string, values?: unknown[]) => {
        if (!/state = 'completed'|'completed'::/.test(text)) return t.db.exec(text, values);
        pending++;
        try {
          await held;
          return await t.db.exec(text, values);
        } finally {
          pending--;
        }
      },
    };
    const jobs = new Jobs<Deps>(
      slowDb,
      [{ name: 'test-held', run: async () => ({ ok: true }) }],
      () => t.deps,
      capture(),
      FAST,
    );
    running.push(jobs);
    const completed = next(jobs, 'completed');
    await jobs.start();
    await jobs.send('test-held');
    await completed;
    await until(async () => (pending > 0 ? true : undefined), 'the completion statement');
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 1500));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(pending).toBe(0);
  });

  it('a job that outlives the stop finishes on a closed database without an unhandled rejection', async () => {
    // pg-boss writes that job complete without awaiting the write: on a database closed by then the
    // write fails, and the failure must be caught (it failed two CI runs as an unhandled rejection)
    let closed = false;
    const closingDb = {
      ...t.db,
      exec: (text: string, values?: unknown[]) =>
        closed ? Promise.reject(new Error('PGlite is closed')) : t.db.exec(text, values),
    };
    const unhandled: unknown[] = [];
    const seen = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', seen);
    try {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const inFlight = new Promise<void>((r) => (started = r));
      const log = capture();
      const jobs = new Jobs<Deps>(
        closingDb,
        [{ name: 'test-outlives', run: () => (started(), gate) }],
        () => t.deps,
        log,
        { ...FAST, stopTimeoutMs: 1000 },
      );
      running.push(jobs);
      await jobs.start();
      await jobs.send('test-outlives');
      await inFlight;
      await jobs.stop();
      closed = true;
      const finished = next(jobs, 'completed');
      release();
      await finished;
      await new Promise((r) => setTimeout(r, 200));
      expect(unhandled).toEqual([]);
      expect(log.lines.map((l) => l.msg)).toContain('job queue: a statement after stop failed (its job is retried)');
    } finally {
      process.off('unhandledRejection', seen);
    }
  });

  it('runs a cron schedule (pg-boss keeps it once per minute across instances)', async () => {
    const jobs = instance([{ name: 'test-cron', schedule: { cron: '* * * * *' }, run: async () => 'ran' }]);
    const ran = next(jobs, 'completed', (o) => o.name === 'test-cron');
    await jobs.start();
    expect((await ran).attempt).toBe(1);
    const schedules = await t.db.admin.query<{ name: string; cron: string }>(`select name, cron from pgboss.schedule`);
    expect(schedules).toEqual([{ name: 'test-cron', cron: '* * * * *' }]);
  });

  it('retries a failing job with backoff and logs each failure', async () => {
    const log = capture();
    const starts: number[] = [];
    const jobs = instance(
      [
        {
          name: 'test-retry',
          retry: { limit: 2, delaySeconds: 1, backoff: true },
          run: async () => {
            starts.push(Date.now());
            if (starts.length < 3) throw new Error(`flaky ${starts.length}`);
            return { ok: true };
          },
        },
      ],
      log,
    );
    const completed = next(jobs, 'completed');
    await jobs.start();
    const id = await jobs.send('test-retry', { n: 1 });
    expect((await completed).attempt).toBe(3);
    // backoff: the delay doubles (1 s, then 2 s, each plus up to as much jitter)
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(1000);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(2000);
    expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
      'job failed; it will be retried',
      'job failed; it will be retried',
    ]);
    expect(log.lines.filter((l) => l.level === 'warn').map((l) => (l.obj as { err: Error }).err.message)).toEqual([
      'flaky 1',
      'flaky 2',
    ]);
    const state = await until(
      async () => ((await jobs.job('test-retry', id!))?.state === 'completed' ? 'completed' : undefined),
      'completed state',
    );
    expect(state).toBe('completed');
  });

  it('a job that keeps failing ends failed, logged as an error', async () => {
    const log = capture();
    const jobs = instance(
      [
        {
          name: 'test-fail',
          retry: { limit: 1, delaySeconds: 0 },
          run: async () => Promise.reject(new Error('broken')),
        },
      ],
      log,
    );
    const final = next(jobs, 'failed', (o) => !!o.final);
    await jobs.start();
    const id = await jobs.send('test-fail');
    expect((await final).attempt).toBe(2);
    expect(log.lines.find((l) => l.level === 'error')?.msg).toBe('job failed for good');
    await until(
      async () => ((await jobs.job('test-fail', id!))?.state === 'failed' ? true : undefined),
      'failed state',
    );
  });

  it('on stop a job in flight finishes; one that outlives the stop timeout is failed and so retried', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inFlight = new Promise<void>((r) => (started = r));
    const order: string[] = [];
    const jobs = instance([
      {
        name: 'test-stop',
        retry: { limit: 1, delaySeconds: 60 },
        run: async () => {
          started();
          await gate;
          order.push('job done');
        },
      },
    ]);
    await jobs.start();
    const id = await jobs.send('test-stop');
    await inFlight;
    const stopped = jobs.stop().then(() => order.push('stopped'));
    release();
    await stopped;
    expect(order).toEqual(['job done', 'stopped']);
    await until(
      async () => ((await jobs.job('test-stop', id!))?.state === 'completed' ? true : undefined),
      'completed state',
    );

    let started2!: () => void;
    const inFlight2 = new Promise<void>((r) => (started2 = r));
    const never = new Promise<void>(() => undefined);
    const slow = instance([
      {
        name: 'test-stop-slow',
        retry: { limit: 1, delaySeconds: 60 },
        run: async () => {
          started2();
          await never;
        },
      },
    ]);
    await slow.start();
    const id2 = await slow.send('test-stop-slow');
    await inFlight2;
    await slow.stop();
    const job = await slow.job('test-stop-slow', id2!);
    expect(job?.state).toBe('retry');
    expect(job?.output).toEqual({ value: 'pg-boss shut down while active' });
  });

  it('the cleanup job is scheduled and removes only what is past retention', async () => {
    const def = JOBS.find((j) => j.name === 'cleanup')!;
    expect(def.schedule).toEqual({ cron: '17 * * * *' });
    const [user] = await t.db.admin.query<{ id: number }>(
      `insert into users (phone) values ('19900000001') returning id`,
    );
    const session = (token: string, ended: string) =>
      t.db.admin.query(
        `insert into sessions (user_id, token_hash, last_seen_at, expires_at, revoked_at)
         values ($1, $2, now() - interval '${ended}', now() + interval '1 day', now() - interval '${ended}')`,
        [user.id, token],
      );
    await session('old-revoked', '40 days');
    await session('recent-revoked', '1 day');
    await t.db.admin.query(
      `insert into sessions (user_id, token_hash, expires_at) values ($1, 'live', now() + interval '1 day')`,
      [user.id],
    );
    await t.db.admin.query(
      `insert into sessions (user_id, token_hash, last_seen_at, expires_at) values ($1, 'idle-long-ago', now() - interval '60 days', now() + interval '1 day')`,
      [user.id],
    );
    await t.db.admin.query(
      `insert into sms_codes (phone, purpose, code_hash, created_at, expires_at)
       values ('19900000001', 'login', 'x', now() - interval '3 days', now()), ('19900000001', 'login', 'y', now(), now())`,
    );
    await t.db.admin.query(
      `insert into rate_counters (key, window_start, count) values ('k', now() - interval '3 days', 1), ('k', now(), 1)`,
    );
    await t.db.admin.query(
      `insert into sms_outbox (phone, purpose, code, created_at)
       values ('19900000001', 'login', '1', now() - interval '2 days'), ('19900000001', 'login', '2', now())`,
    );

    const jobs = instance(JOBS);
    const done = next(jobs, 'completed', (o) => o.name === 'cleanup');
    await jobs.start();
    await jobs.send('cleanup');
    await done;
    const tokens = await t.db.admin.query<{ token_hash: string }>(
      'select token_hash from sessions where user_id = $1 order by token_hash',
      [user.id],
    );
    expect(tokens.map((r) => r.token_hash)).toEqual(['live', 'recent-revoked']);
    const [left] = await t.db.admin.query<{ codes: number; rates: number; outbox: number }>(
      `select (select count(*)::int from sms_codes where phone = '19900000001') as codes,
              (select count(*)::int from rate_counters where key = 'k') as rates,
              (select count(*)::int from sms_outbox where phone = '19900000001') as outbox`,
    );
    expect(left).toEqual({ codes: 1, rates: 1, outbox: 1 });
  });
});
