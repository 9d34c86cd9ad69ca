/** When a job runs by itself. Either way one run per slot across every instance. */
export type Schedule =
  /** pg-boss cron (minute resolution), e.g. '17 * * * *'; `tz` defaults to UTC. */
  | { cron: string; tz?: string }
  /** Every N seconds (sub-minute sweeps): each instance ticks, the first of a slot wins. */
  | { everySeconds: number };

/**
 * One kind of background job, in its own file, listed in jobs/index.ts. `run` gets the app's
 * dependencies and the job's data; a throw fails the attempt (logged), retried per `retry`.
 */
export type JobDef<C, D extends object = object> = {
  name: string;
  schedule?: Schedule;
  /** Attempts after the first; delay in seconds, doubled each time with jitter when `backoff`. */
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /** An attempt running longer fails (and is retried). Default 15 minutes. */
  expireInSeconds?: number;
  run(ctx: C, data: D): Promise<unknown>;
};

/** What domains use to enqueue: `deps.jobs.send('name', data)` (outside a transaction on PGlite). */
export type JobQueue = {
  send(
    name: string,
    data?: object,
    opts?: { startAfterSeconds?: number; singletonKey?: string },
  ): Promise<string | null>;
};
