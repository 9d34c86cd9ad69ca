import { FIX_PAGES, PERM, REVIEW_POLICY } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Tables } from '../db/schema/index.js';
import { fail } from '../errors.js';
import { menuWeight, type TenantCtx } from '../plugins/context.js';
import { scopeOf } from './access.js';
import { reviewersOf } from './notify.js';
import type { RecordState } from './read.js';
import type { EntityConfig } from './types.js';

/** Who approves a submission: other reviewers (the request goes to them), or its author at once. */
export type Approval = { by: 'others'; to: number[] } | { by: 'self' };

/**
 * Who approves what its author submits (DESIGN §5, issue 25 §1), decided at submission:
 * 1. Other members hold the examine bit on the entity's menu with a range covering the record:
 *    the request goes to them, and the author never approves it (four eyes whenever possible).
 * 2. Nobody else, and the enterprise requires a second person (review policy 1): refused, 40009
 *    naming the fix (another reviewer, or the policy off).
 * 3. Nobody else, policy 0, and the author's acting role holds the examine bit on the menu with the
 *    whole record in its range (what a reviewer's examine needs): the submission is approved at
 *    once, logged as apply then a `pass` marked self-approved. Approving on submit rather than
 *    offering the author 通过 on their own row: a second click by the same person adds no second
 *    look, and nothing sits "in review" with nobody to review it.
 * 4. Otherwise (the author may not approve either): refused, 40009 naming the fix.
 * The answer is taken when submitting: a reviewer who appears later reviews what comes next.
 */
export async function approvalOf(
  q: Q,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  rec: RecordState,
): Promise<Approval> {
  const scope = scopeOf(ctx);
  const to = await reviewersOf(q, cfg, scope, id, ctx.user.id);
  if (to.length) return { by: 'others', to };
  const [ent] = await q.query<{ policy: Tables['enterprises']['review_policy'] }>(
    'select review_policy as policy from enterprises where id = $1',
    [scope.enterpriseId],
  );
  if (ent?.policy === REVIEW_POLICY.secondPerson) throw fail.conflict('lifecycle.secondReviewer', FIX_PAGES.reviewers);
  const examines = ((await menuWeight(q, scope.enterpriseId, ctx.role.jobId, cfg.menu)) & PERM.examine) !== 0;
  if (!examines || !rec.inRange || !rec.covered) throw fail.conflict('lifecycle.noReviewer', FIX_PAGES.reviewers);
  return { by: 'self' };
}
