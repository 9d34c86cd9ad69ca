import type { Range } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Row, Tables } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import { type Scope } from '../company/admin-queries.js';

type EntryRef = { id?: number; roleNode?: string };
type DataRange = Row<'users', 'nickname'> &
  Row<'jobs', 'role'> & {
    entryId: Tables['role_entries']['id'];
    roleNode: Tables['role_entries']['role_node'];
    userId: Tables['role_entries']['user_id'];
    deptName: Tables['departments']['name'];
    jobName: Tables['jobs']['name'];
    range: Range | null;
  };

/** A role entry of this enterprise by id or role node; another tenant's → 40004. */
async function entryOf(q: Q, scope: Scope, ref: EntryRef): Promise<DataRange> {
  const [row] = await q.query<DataRange>(
    `select re.id as "entryId", re.role_node as "roleNode", re.user_id as "userId", u.nickname, d.name as "deptName", j.name as "jobName",
            j.role, re.data_range as range
       from role_entries re join users u on u.id = re.user_id join departments d on d.id = re.dept_id join jobs j on j.id = re.job_id
      where re.enterprise_id = $1 and ${ref.id !== undefined ? 're.id = $2' : 're.role_node = $2'}`,
    [scope.enterpriseId, ref.id ?? ref.roleNode],
  );
  if (!row) throw fail.notFound();
  return row;
}

export const dataRange = (deps: Deps, ctx: TenantCtx, ref: EntryRef) =>
  tenantTx(deps.db, ctx, (q, scope) => entryOf(q, scope, ref));

/** Store the range as given: null = the whole enterprise, `{p:[],c:[],a:[],s:[]}` = nothing. */
export async function setDataRange(
  deps: Deps,
  ctx: TenantCtx,
  input: EntryRef & { range: Range | null },
): Promise<DataRange> {
  const out = await tenantTx(deps.db, ctx, async (q, scope) => {
    const before = await entryOf(q, scope, input);
    const range = input.range && {
      p: [...new Set(input.range.p)],
      c: [...new Set(input.range.c)],
      a: [...new Set(input.range.a)],
      s: [...new Set(input.range.s)],
    };
    await q.query('update role_entries set data_range = $3 where enterprise_id = $1 and id = $2', [
      scope.enterpriseId,
      before.entryId,
      range === null ? null : JSON.stringify(range),
    ]);
    q.changed({
      id: before.entryId,
      label: `${before.nickname} · ${before.deptName}/${before.jobName}`,
      before: { range: before.range },
      after: { range },
    });
    return { ...before, range };
  });
  return out;
}
