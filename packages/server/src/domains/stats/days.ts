import { RET } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { tenantRead } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { localDayOf } from '../../lib/local-time.js';
import type { TenantCtx } from '../../plugins/context.js';

// Issue 24 §2: the spec's filter object carries start_time/end_time in Unix seconds, the data
// centre's calls read local days. Written once for every statistic (stats/pa, ad, sale, pdt, comm,
// top, export): each second becomes the local day it falls on in the enterprise's time zone.

type Times = { from?: string; to?: string; start_time?: number; end_time?: number };
/** A statistics filter with its days known. */
export type WithDays<F> = Omit<F, 'from' | 'to'> & { from: string; to: string };

/** The filter's local days: `from`/`to` as given, else the days of `start_time`/`end_time` (the contract requires one of each). */
export async function statsDays<F extends Times>(deps: Deps, ctx: TenantCtx, f: F): Promise<WithDays<F>> {
  if (f.from !== undefined && f.to !== undefined) return { ...f, from: f.from, to: f.to };
  const [{ tz }] = await tenantRead(deps.db, ctx).query<{ tz: string }>(
    'select time_zone as tz from enterprises where id = $1',
    [ctx.enterprise.id],
  );
  const day = (given: string | undefined, seconds: number | undefined, field: string) => {
    if (given !== undefined) return given;
    if (seconds === undefined)
      throw new AppError(RET.validation, 'validation.failed', [{ field, message: 'field.required' }]);
    return localDayOf(tz, seconds * 1000);
  };
  const from = day(f.from, f.start_time, 'from');
  const to = day(f.to, f.end_time, 'to');
  if (from > to)
    throw new AppError(RET.validation, 'validation.failed', [
      { field: f.to === undefined ? 'end_time' : 'to', message: 'stats.range' },
    ]);
  return { ...f, from, to };
}
