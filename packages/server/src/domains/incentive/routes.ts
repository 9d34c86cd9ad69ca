import type { FastifyInstance } from 'fastify';
import { api, message, type MessageKey } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle } from '../../lifecycle/routes.js';
import { lifecycleService } from '../../lifecycle/service.js';
import type { TenantCtx } from '../../plugins/context.js';
import { contextFor, parseInput, register, rejectBadBody } from '../../plugins/register.js';
import { INCENTIVE } from '../../records/incentive-entity.js';
import { csvRow } from '../sales/export.js';
import { tenantTx } from '../../db/tenant.js';
import { leaderboard, liveScheme, mine, progress, settlements } from './service.js';

const MAX_ROWS = 100_000;

/** Incentive schemes on the lifecycle, and their progress, leaderboard, the caller's own, settlements and CSV. */
export function incentiveRoutes(app: FastifyInstance, deps: Deps) {
  const {
    progress: progressCall,
    leaderboard: boardCall,
    mine: mineCall,
    settlements: settleCall,
    export: exportCall,
    ...calls
  } = api.incentive;
  registerLifecycle(app, deps, calls, lifecycleService(deps.db, INCENTIVE));
  register(app, deps, progressCall, (i, ctx) => progress(deps, ctx, i));
  register(app, deps, boardCall, (i, ctx) => leaderboard(deps, ctx, i));
  register(app, deps, mineCall, (_i, ctx) => mine(deps, ctx));
  register(app, deps, settleCall, (i, ctx) => settlements(deps, ctx, i));
  // GET incentive/export: the standings or the settlements as CSV (BOM, headers in the request's language, formulas neutralised)
  app.get<{ Querystring: Record<string, unknown> }>(
    `/${exportCall.path}`,
    { schema: { summary: exportCall.summary, tags: ['incentive'] } },
    async (req, reply) => {
      const ctx = (await contextFor(deps, exportCall, req)) as TenantCtx;
      rejectBadBody(req.query ?? {});
      const f = parseInput(exportCall.body, req.query ?? {});
      const head = (keys: MessageKey[]) => csvRow(keys.map((k) => message(k, req.lang)));
      // values as people read them (yuan, not fen; sales per 100 visitors) and the tier by name (issue 25 §5)
      const scheme = await tenantTx(deps.db, ctx, (q) => liveScheme(q, ctx.enterprise.id, f.id));
      const metric = scheme?.metric;
      const valueCol: MessageKey =
        metric === 'amount'
          ? 'incentive.col.valueYuan'
          : metric === 'conversion'
            ? 'incentive.col.valuePer100'
            : 'incentive.col.value';
      const valueOf = (v: number) =>
        metric === 'amount' ? (v / 100).toFixed(2) : metric === 'conversion' ? (v / 10).toFixed(1) : v;
      const tierOf = (tier: number) =>
        tier >= 0
          ? message('incentive.tier.n', req.lang).replace('{n}', String(tier + 1))
          : message('incentive.tier.none', req.lang);
      let text: string;
      if (f.kind === 'settlements') {
        const res = await settlements(deps, ctx, { id: f.id, pageNum: 1, pageSize: MAX_ROWS });
        text =
          head([
            'incentive.col.period',
            'export.col.shop',
            'incentive.col.name',
            valueCol,
            'incentive.col.tier',
            'incentive.col.reward',
            'incentive.col.rewardYuan',
          ]) +
          res.list
            .map((r) =>
              csvRow([
                `${r.from}~${r.to}`,
                r.shopName,
                r.name,
                valueOf(r.value),
                tierOf(r.tier),
                r.reward,
                (r.rewardFen / 100).toFixed(2),
              ]),
            )
            .join('');
      } else {
        const res = await progress(deps, ctx, { id: f.id, pageNum: 1, pageSize: MAX_ROWS });
        text =
          head([
            'incentive.col.period',
            'incentive.col.rank',
            'export.col.shop',
            'incentive.col.name',
            valueCol,
            'incentive.col.tier',
            'incentive.col.reward',
          ]) +
          res.list
            .map((r) =>
              csvRow([
                `${res.period.from}~${res.period.to}`,
                r.rank,
                r.shopName,
                r.name,
                valueOf(r.value),
                tierOf(r.tier),
                scheme?.tiers[r.tier]?.reward ?? '',
              ]),
            )
            .join('');
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vitrine-incentive-${f.id}-${f.kind}.csv"`)
        .header('cache-control', 'no-store')
        .send(`\uFEFF${text}`);
    },
  );
}
