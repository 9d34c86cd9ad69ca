import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import { reportSales } from './report.js';
import { importSales, saleTemplateRoute } from './import.js';
import { exportRoute } from './export.js';
import { homeStats } from './home.js';
import { topStats } from './top.js';
import { adStats } from './plays.js';
import { listSales, saleStats } from './stats.js';
import { exposureStats, productStats } from './products.js';
import { statsDays } from '../stats/days.js';

export function salesRoutes(app: FastifyInstance, deps: Deps) {
  register(app, deps, api.sale.report, (b, ctx) => reportSales(deps, ctx, b));
  register(app, deps, api.sale.list, (b, ctx) => listSales(deps, ctx, b));
  register(app, deps, api.stats.sale, async (b, ctx) => saleStats(deps, ctx, await statsDays(deps, ctx, b)));
  register(app, deps, api.stats.ad, async (b, ctx) => adStats(deps, ctx, await statsDays(deps, ctx, b)));
  register(app, deps, api.stats.pdt, async (b, ctx) => productStats(deps, ctx, await statsDays(deps, ctx, b)));
  register(app, deps, api.stats.comm, async (b, ctx) => exposureStats(deps, ctx, await statsDays(deps, ctx, b)));
  register(app, deps, api.stats.home, (_b, ctx) => homeStats(deps, ctx));
  register(app, deps, api.stats.top, async (b, ctx) => topStats(deps, ctx, await statsDays(deps, ctx, b)));
  register(app, deps, api.sale.import, (b, ctx) => importSales(deps, ctx, b));
  saleTemplateRoute(app, deps);
  exportRoute(app, deps);
}
