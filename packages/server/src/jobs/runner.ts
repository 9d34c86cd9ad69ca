import { EventEmitter } from 'node:events';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';
import { withStatementTimeout } from '../db/limits.js';
import { exclusive } from '../db/lock.js';
import type { JobDef, JobQueue } from './types.js';

export type JobLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** Timings; the defaults suit production, tests shorten them. */
export type JobsOptions = {
  /** Whether this instance works jobs and keeps schedules (config JOBS); if not, it only sends. */
  work?: boolean;
  /** How often an idle worker looks for work (a tick or `send` on this instance wakes it at once). */
  pollingIntervalSeconds?: number;
  /** How often cron schedules are evaluated (one instance per interval does it). */
  cronMonitorIntervalSeconds?: number;
  /** How often the evaluated cron runs are turned into jobs. */
  cronWorkerIntervalSeconds?: number;
  /** On stop, how long jobs in flight may finish before they are failed (and so retried). */
  stopTimeoutMs?: number;
  /** How long one of a job's SQL statements may run on PostgreSQL (db/limits.ts); absent: no limit. */
  statementTimeoutMs?: number;
};

/** Emitted after every attempt: `completed` or `failed` (with `final` when no retry is left). */
export type JobOutcome = { name: string; id: string; attempt: number; final?: boolean; error?: Error };

type Meta = PgBoss.JobWithMetadata<object>;
const SCHEMA = 'pgboss';

/**
 * The job system over pg-boss 10 on either engine: PostgreSQL through the app's pool, PGlite
 * through `Db.exec` (its mutex keeps pg-boss's multi-statement texts whole on the single session).
 * `open` is enough to send; `start` also works and keeps schedules on this instance.
 */
export class Jobs<C> extends EventEmitter implements JobQueue {
  private boss: PgBoss;
  private opened?: Promise<void>;
  private started = false;
  private tickers: NodeJS.Timeout[] = [];
  private workers = new Map<string, string>();
  private defs: Map<string, JobDef<C>>;
  /** pg-boss's statements not yet answered (it marks a finished job complete without awaiting it). */
  private inFlight = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private db: Db,
    defs: JobDef<C>[],
    private ctx: () => C,
    private log: JobLog,
    private opts: JobsOptions = {},
  ) {
    super();
    this.defs = new Map(defs.map((d) => [d.name, d]));
    const timing = Object.fromEntries(
      Object.entries({
        cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds,
        cronWorkerIntervalSeconds: opts.cronWorkerIntervalSeconds,
      }).filter(([, v]) => v !== undefined),
    );
    this.boss = new PgBoss({
      db: {
        // after stop nothing waits for a statement (see statement())
        executeSql: (text, values) =>
          this.stopped ? this.statement(text, values) : this.track(this.statement(text, values)),
      },
      schema: SCHEMA,
      // an instance that only sends keeps no timers; cron evaluation only when some job has a cron
      supervise: opts.work !== false,
      schedule: opts.work !== false && defs.some((d) => d.schedule && 'cron' in d.schedule),
      ...timing,
    });
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
  }

  /**
   * Install (or upgrade) pg-boss's tables and one queue per job; idempotent. Instances opening
   * together take turns: pg-boss's own first install and queue creation deadlock when raced.
   */
  open(): Promise<void> {
    return (this.opened ??= exclusive(this.db, 'jobs', async () => {
      await this.boss.start();
      for (const def of this.defs.values()) {
        const queue: PgBoss.Queue = {
          name: def.name,
          // a scheduled job: at most one waiting and one running, however slow a run is
          policy: def.schedule ? 'stately' : 'standard',
          retryLimit: def.retry?.limit ?? 0,
          retryDelay: def.retry?.delaySeconds ?? 0,
          retryBackoff: def.retry?.backoff ?? false,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        };
        await this.boss.createQueue(def.name, queue);
        await this.boss.updateQueue(def.name, queue); // a changed definition takes effect
      }
    }));
  }

  /** Work every job on this instance and keep the schedules. */
  async start(): Promise<void> {
    if (this.opts.work === false) throw new Error('this instance only sends jobs (JOBS=0)');
    await this.open();
    if (this.started) return;
    this.started = true;
    const crons = new Set<string>();
    for (const def of this.defs.values()) {
      const workOpts = {
        batchSize: 1,
        includeMetadata: true as const,
        ...(this.opts.pollingIntervalSeconds ? { pollingIntervalSeconds: this.opts.pollingIntervalSeconds } : {}),
      };
      this.workers.set(def.name, await this.boss.work<object>(def.name, workOpts, ([job]) => this.attempt(def, job)));
      const every = def.schedule && 'everySeconds' in def.schedule ? def.schedule.everySeconds : undefined;
      if (def.schedule && 'cron' in def.schedule) {
        await this.boss.schedule(def.name, def.schedule.cron, {}, { tz: def.schedule.tz ?? 'UTC' });
        crons.add(def.name);
      } else if (every) {
        void this.tick(def.name, every);
        this.tickers.push(setInterval(() => void this.tick(def.name, every), every * 1000));
      }
    }
    // schedules of jobs that no longer exist in the code stop firing
    for (const s of await this.boss.getSchedules()) if (!crons.has(s.name)) await this.boss.unschedule(s.name);
  }

  /**
   * One job per `every`-second slot of the database clock, whichever instance ticks first: the
   * throttle key makes the others' inserts no-ops. The local worker is woken so it runs at once.
   */
  private async tick(name: string, every: number) {
    try {
      const id = await this.boss.sendThrottled(name, {}, {}, every, 'tick');
      const worker = this.workers.get(name);
      if (id && worker) this.boss.notifyWorker(worker);
    } catch (err) {
      this.log.error({ err, job: name }, 'could not schedule job');
    }
  }

  private async attempt(def: JobDef<C>, job: Meta): Promise<unknown> {
    const base = { name: def.name, id: job.id, attempt: job.retryCount + 1 };
    try {
      const run = () => def.run(this.ctx(), job.data);
      const limit = this.opts.statementTimeoutMs;
      const out = await (limit === undefined ? run() : withStatementTimeout(limit, run));
      this.emit('completed', base satisfies JobOutcome);
      return out;
    } catch (err) {
      const final = job.retryCount >= job.retryLimit;
      this.log[final ? 'error' : 'warn'](
        { err, job: def.name, id: job.id, attempt: base.attempt },
        final ? 'job failed for good' : 'job failed; it will be retried',
      );
      this.emit('failed', { ...base, final, error: err as Error } satisfies JobOutcome);
      throw err;
    }
  }

  async send(
    name: string,
    data: object = {},
    opts: { startAfterSeconds?: number; singletonKey?: string } = {},
  ): Promise<string | null> {
    if (!this.defs.has(name)) throw new Error(`unknown job ${name}`);
    await this.open();
    const id = await this.boss.send(name, data, {
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    });
    const worker = this.workers.get(name);
    if (id && worker && !opts.startAfterSeconds) this.boss.notifyWorker(worker);
    return id;
  }

  /** The job's row as pg-boss keeps it (state, retries, output); null once archived. */
  job(name: string, id: string): Promise<Meta | null> {
    return this.boss.getJobById<object>(name, id);
  }

  /**
   * Stop taking work; jobs in flight get `stopTimeoutMs` to finish, after which they are failed
   * and so retried by whichever instance runs next.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    for (const t of this.tickers) clearInterval(t);
    this.tickers = [];
    if (!this.opened) return;
    await this.opened.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.opts.stopTimeoutMs ?? 30_000 });
    // A job's completion is written after pg-boss counts it done: the database stays open for it
    // (closed under it, its rejection reached no one: an unhandled error in the suite).
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    this.stopped = true;
  }

  /**
   * One of pg-boss's statements. After stop, a job that outlived the stop timeout (already failed by
   * pg-boss, so retried) may still finish and have pg-boss write it complete — unawaited, on a database
   * perhaps closed by then. Such a failure is logged and the statement never answers: rejecting
   * would reject unhandled, and an empty answer breaks pg-boss's reading of it (both seen).
   */
  private async statement(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    try {
      return await this.db.exec(text, values);
    } catch (err) {
      if (!this.stopped) throw err;
      this.log.warn({ err }, 'job queue: a statement after stop failed (its job is retried)');
      return new Promise(() => undefined);
    }
  }

  private track<T>(statement: Promise<T>): Promise<T> {
    this.inFlight.add(statement);
    const done = () => void this.inFlight.delete(statement);
    statement.then(done, done);
    return statement;
  }
}
