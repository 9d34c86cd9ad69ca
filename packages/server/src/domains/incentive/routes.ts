import type { FastifyInstance } from 'fastify';
import { api, message, type MessageKey } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle } from '../../lifecycle/routes.js';
import { lifecycleService } from '../../lifecycle/service.js';
import type { TenantCtx } from '../../plugins/context.js';
import { contextFor, parseInput, register, rejectBadText } from '../../plugins/register.js';
import { INCENTIVE } from '../../records/incentive-entity.js';
import { csvRow } from '../sales/export.js';
import { leaderboard, mine, progress, settlements } from './service.js';

const MAX_ROWS = 100_000;

/** Incentive schemes on the lifecycle, and their progress, leaderboard, the caller's own, settlements and CSV. */
export function incentiveRoutes(app: FastifyInstance, deps: Deps) {
  const { progress: progressCall, leaderboard: boardCall, mine: mineCall, settlements: settleCall, export: exportCall, ...calls } = api.incentive;
  registerLifecycle(app, deps, calls, lifecycleService(deps.db, INCENTIVE));
  register(app, deps, progressCall, (i, ctx) => progress(deps, ctx, i));
  register(app, deps, boardCall, (i, ctx) => leaderboard(deps, ctx, i));
  register(app, deps, mineCall, (_i, ctx) => mine(deps, ctx));
  register(app, deps, settleCall, (i, ctx) => settlements(deps, ctx, i));
  // GET incentive/export: the standings or the settlements as CSV (BOM, headers in the request's language, formulas neutralised)
  app.get<{ Querystring: Record<string, unknown> }>(`/${exportCall.path}`, { schema: { summary: exportCall.summary, tags: ['incentive'] } }, async (req, reply) => {
    const ctx = (await contextFor(deps, exportCall, req)) as TenantCtx;
    rejectBadText(req.query ?? {});
    const f = parseInput(exportCall.body, req.query ?? {});
    const head = (keys: MessageKey[]) => csvRow(keys.map((k) => message(k, req.lang)));
    let text: string;
    if (f.kind === 'settlements') {
      const res = await settlements(deps, ctx, { id: f.id, pageNum: 1, pageSize: MAX_ROWS });
      text = head(['incentive.col.period', 'export.col.shop', 'incentive.col.name', 'incentive.col.value', 'incentive.col.tier', 'incentive.col.reward', 'incentive.col.rewardYuan'])
        + res.list.map((r) => csvRow([`${r.from}~${r.to}`, r.shopName, r.name, r.value, r.tier + 1 || '', r.reward, (r.rewardFen / 100).toFixed(2)])).join('');
    } else {
      const res = await progress(deps, ctx, { id: f.id, pageNum: 1, pageSize: MAX_ROWS });
      text = head(['incentive.col.period', 'incentive.col.rank', 'export.col.shop', 'incentive.col.name', 'incentive.col.value', 'incentive.col.tier'])
        + res.list.map((r) => csvRow([`${res.period.from}~${res.period.to}`, r.rank, r.shopName, r.name, r.value, r.tier + 1 || ''])).join('');
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="vitrine-incentive-${f.id}-${f.kind}.csv"`)
      .header('cache-control', 'no-store')
      .send(`\uFEFF${text}`);
  });
}
