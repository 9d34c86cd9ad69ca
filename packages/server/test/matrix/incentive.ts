import { RET } from '@vitrine/contract';
import { post } from '../harness.js';
import { tenantHeaders } from '../factories.js';
import { enabled, lifecycleRows, reviewerOf, shopIn, type Entity } from './stores.js';
import { named, type MatrixRoute } from './types.js';

// Tenant routes of incentive schemes (issue 12 §2): the lifecycle rows, and the standings, the
// caller's own schemes, settlements and the CSV — enterprise b's scheme names carry the marker.

export const INCENTIVE_M: Entity = {
  name: 'incentive',
  data: async (w, ent) => ({
    name: named(w, ent, '销售冠军'),
    metric: 'amount',
    level: 'shop',
    op: 1,
    dateFrom: '2026-01-01',
    dateTo: '2027-12-31',
    tiers: JSON.stringify([{ threshold: 1000, reward: '奖金 100 元', rewardFen: 10000 }]),
    targets: JSON.stringify({ s: [String(await shopIn(w, ent))] }),
  }),
};

const byScheme = (path: string, extra: Record<string, unknown> = {}): MatrixRoute => ({
  path,
  body: async (w) => ({ id: await enabled(w, w.a, INCENTIVE_M), ...extra }),
  foreign: async (w) => ({ id: await enabled(w, w.b, INCENTIVE_M), ...extra }),
});

/** A store manager only views schemes (the default weights): writing them is a supervisor's. */
const MANAGER_CANNOT = new Set(['create', 'update', 'copy', 'delete', 'recovery', 'export']);

/** A scheme a's second supervisor wrote and submitted: a's owner may examine it, the manager may not. */
async function submitted(w: Parameters<typeof enabled>[0]): Promise<number> {
  const rev = await reviewerOf(w, w.a);
  const as = tenantHeaders(rev.user, w.a, rev.node);
  const res = await post<{ id: number }>(w.t, 'incentive/create', await INCENTIVE_M.data(w, w.a), as);
  await post(w.t, 'incentive/apply', { id: res.body.result.id }, as);
  return res.body.result.id;
}

export const INCENTIVE_ROUTES: MatrixRoute[] = [
  ...lifecycleRows(INCENTIVE_M).map((r): MatrixRoute => {
    const action = r.path.split('/')[1];
    if (action === 'examine') return { ...r, body: async (w) => ({ id: await submitted(w), pass: 1 }) };
    return MANAGER_CANNOT.has(action) ? { ...r, asManager: RET.forbidden } : r;
  }),
  byScheme('incentive/progress'),
  byScheme('incentive/leaderboard'),
  { path: 'incentive/mine', body: {} },
  byScheme('incentive/settlements'),
  { ...byScheme('incentive/export'), asManager: RET.forbidden },
];
