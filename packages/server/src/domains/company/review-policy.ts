import { allCalls, FIX_PAGES, PERM, REVIEW_POLICY } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import { fail } from '../../errors.js';

/** The menus whose records are reviewed: those of the contract's examine calls (join audits are the main admin's, not a bit). */
export const REVIEW_MENUS = [
  ...new Set(allCalls.flatMap((d) => (d.perm && d.perm.bit === 'examine' && !d.perm.main ? [d.perm.menu] : []))),
];

/** How many active members hold the examine bit on at least one reviewed menu (whatever their range). */
export async function reviewerCount(q: Q, enterpriseId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `select count(distinct re.user_id)::int as n from role_entries re
       join members m on m.enterprise_id = re.enterprise_id and m.user_id = re.user_id and m.status = 1
       join job_menus jm on jm.enterprise_id = re.enterprise_id and jm.job_id = re.job_id
       join menus mn on mn.id = jm.menu_id
      where re.enterprise_id = $1 and (jm.weight & $2) <> 0 and mn.path = any($3::text[])`,
    [enterpriseId, PERM.examine, REVIEW_MENUS],
  );
  return row.n;
}

/**
 * "A second person must approve" is switched on only while two members can review: with one, every
 * submission of that member would be refused. Ranges are not weighed here (a record outside the
 * second reviewer's range is refused at submission, with the same fix named); switching off is free.
 */
export async function checkReviewPolicy(
  q: Q,
  enterpriseId: number,
  next: number | undefined,
  current: number,
): Promise<void> {
  if (next !== REVIEW_POLICY.secondPerson || current === REVIEW_POLICY.secondPerson) return;
  if ((await reviewerCount(q, enterpriseId)) < 2)
    throw fail.conflict('enterprise.reviewPolicyAlone', FIX_PAGES.reviewers);
}
