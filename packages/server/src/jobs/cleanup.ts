import type { Deps } from '../deps.js';
import type { JobDef } from './types.js';

/** How long dead rows are kept: login history (account/center recent logins) reads old sessions. */
export const RETENTION = { sessionsDays: 30, smsCodesDays: 2, ratesDays: 2, outboxDays: 1 } as const;
const BATCH = 5000;

/**
 * Hourly housekeeping of the platform tables that only grow: sessions ended (revoked, expired or
 * idle) more than 30 days ago, SMS codes past the daily limits' window, the development outbox,
 * rate-limit windows long closed and old wrong activation tries. Deleted in batches so no statement holds locks for long.
 */
export const cleanup: JobDef<Deps> = {
  name: 'cleanup',
  schedule: { cron: '17 * * * *' },
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 10 * 60,
  async run(deps) {
    const idle = deps.config.tokenIdleSeconds;
    const removed = {
      sessions: await drain(
        deps,
        'sessions',
        `coalesce(revoked_at, least(expires_at, last_seen_at + make_interval(secs => ${Number(idle)}))) < now() - interval '${RETENTION.sessionsDays} days'`,
      ),
      smsCodes: await drain(deps, 'sms_codes', `created_at < now() - interval '${RETENTION.smsCodesDays} days'`),
      outbox: await drain(deps, 'sms_outbox', `created_at < now() - interval '${RETENTION.outboxDays} days'`),
      rates: await drain(
        deps,
        'rate_counters',
        `window_start < now() - interval '${RETENTION.ratesDays} days'`,
        'ctid',
      ),
      activationTries: await drain(
        deps,
        'device_activation_tries',
        `tried_at < now() - interval '${RETENTION.ratesDays} days'`,
        'ctid',
      ),
    };
    return removed;
  },
};

/** Delete matching rows BATCH at a time, each batch its own transaction; how many went. */
async function drain(deps: Deps, table: string, where: string, key = 'id'): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ n }] = await deps.db.tx({}, (q) =>
      q.query<{ n: number }>(
        `with gone as (delete from ${table} where ${key} in (select ${key} from ${table} where ${where} limit ${BATCH}) returning 1)
         select count(*)::int as n from gone`,
      ),
    );
    total += n;
    if (n < BATCH) return total;
  }
}
