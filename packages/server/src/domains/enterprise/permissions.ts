import { decodeWeight, type MenuNode, type RoleMenu } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import { jobRole, type Scope } from '../company/admin-queries.js';
import { ANCESTORS_SQL, buildTree } from './tree.js';
import type { Row } from '../../db/schema/index.js';

type MenuFlat = Omit<MenuNode, 'children'>;
const menuCols = `id, pid, path, title, title_en as "titleEn", icon, sort, level, main_only as "mainOnly"`;

async function menuById(q: Q, scope: Scope, id: number): Promise<MenuFlat> {
  const [row] = await q.query<MenuFlat>(`select ${menuCols} from menus where enterprise_id = $1 and id = $2`, [
    scope.enterpriseId,
    id,
  ]);
  if (!row) throw fail.notFound();
  return row;
}

export async function listMenus(deps: Deps, ctx: TenantCtx): Promise<{ list: MenuNode[] }> {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const rows = await q.query<MenuFlat>(
      `select ${menuCols} from menus where enterprise_id = $1 order by level, sort, id`,
      [scope.enterpriseId],
    );
    return { list: buildTree(rows) };
  });
}

export const getMenu = (deps: Deps, ctx: TenantCtx, id: number) =>
  tenantTx(deps.db, ctx, (q, scope) => menuById(q, scope, id));

type MenuInput = { path: string; title: string; titleEn?: string; icon?: string; sort: number; pid: number };

async function checkPlacement(q: Q, scope: Scope, input: MenuInput, self?: number): Promise<number> {
  const taken = await q.query('select 1 from menus where enterprise_id = $1 and path = $2 and id <> $3', [
    scope.enterpriseId,
    input.path,
    self ?? 0,
  ]);
  if (taken.length) throw fail.conflict('menu.pathTaken');
  if (!input.pid) return 1;
  const parent = await menuById(q, scope, input.pid);
  if (self && (await q.query(ANCESTORS_SQL('menus'), [scope.enterpriseId, input.pid, self])).length)
    throw fail.conflict('menu.cycle');
  return parent.level + 1;
}

export async function addMenu(deps: Deps, ctx: TenantCtx, input: MenuInput): Promise<MenuFlat> {
  const out = await tenantTx(deps.db, ctx, async (q, scope) => {
    const level = await checkPlacement(q, scope, input);
    const [row] = await q.query<Row<'menus', 'id'>>(
      `insert into menus (enterprise_id, pid, path, title, title_en, icon, sort, level) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        scope.enterpriseId,
        input.pid,
        input.path,
        input.title,
        input.titleEn ?? '',
        input.icon ?? '',
        input.sort,
        level,
      ],
    );
    q.changed({ id: row.id, label: input.title, after: input });
    return menuById(q, scope, row.id);
  });
  return out;
}

export async function editMenu(deps: Deps, ctx: TenantCtx, input: MenuInput & { id: number }): Promise<MenuFlat> {
  const out = await tenantTx(deps.db, ctx, async (q, scope) => {
    const before = await menuById(q, scope, input.id);
    const level = await checkPlacement(q, scope, input, input.id);
    await q.query(
      `update menus set pid = $3, path = $4, title = $5, title_en = $6, icon = $7, sort = $8 where enterprise_id = $1 and id = $2`,
      [
        scope.enterpriseId,
        input.id,
        input.pid,
        input.path,
        input.title,
        input.titleEn ?? before.titleEn,
        input.icon ?? before.icon,
        input.sort,
      ],
    );
    // the menu and its subtree take their new depth
    await q.query(
      `with recursive sub(id, level) as (
         select id, $3::int from menus where enterprise_id = $1 and id = $2
         union all
         select m.id, sub.level + 1 from menus m join sub on m.pid = sub.id where m.enterprise_id = $1
       ) update menus set level = sub.level from sub where menus.id = sub.id and menus.enterprise_id = $1`,
      [scope.enterpriseId, input.id, level],
    );
    const after = await menuById(q, scope, input.id);
    q.changed({ id: input.id, label: after.title, before, after });
    return after;
  });
  return out;
}

type RoleMenuFlat = Omit<RoleMenu, 'children' | 'bits'> & { id: number };

async function roleMenusOf(q: Q, scope: Scope, jobId: number): Promise<{ jobId: number; list: RoleMenu[] }> {
  const rows = await q.query<RoleMenuFlat>(
    `select m.id, m.id as "menuId", m.pid, m.path, m.title, m.title_en as "titleEn", m.icon, m.sort, m.level, coalesce(jm.weight, 0) as weight
       from menus m left join job_menus jm on jm.menu_id = m.id and jm.job_id = $2
      where m.enterprise_id = $1 order by m.level, m.sort, m.id`,
    [scope.enterpriseId, jobId],
  );
  const strip = (nodes: ReturnType<typeof buildTree<RoleMenuFlat>>): RoleMenu[] =>
    nodes.map(({ id: _id, children, ...rest }) => ({
      ...rest,
      bits: decodeWeight(rest.weight),
      children: strip(children),
    }));
  return { jobId, list: strip(buildTree(rows)) };
}

/** Every menu of the catalogue with the job's weight (0 = none) and its decoded bits. */
export async function roleMenus(deps: Deps, ctx: TenantCtx, jobId: number) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    await jobRole(q, scope, jobId);
    return roleMenusOf(q, scope, jobId);
  });
}

/** Replace a job's weights; menus left out (or weight 0) are taken away. */
export async function setRoleMenus(
  deps: Deps,
  ctx: TenantCtx,
  input: { jobId: number; menus: { menuId: number; weight: number }[] },
) {
  const menuIds = input.menus.map((m) => m.menuId);
  if (new Set(menuIds).size !== menuIds.length) throw fail.invalid('menus', 'field.invalid');
  const out = await tenantTx(deps.db, ctx, async (q, scope) => {
    await jobRole(q, scope, input.jobId);
    const [job] = await q.query<Row<'jobs', 'name'>>('select name from jobs where enterprise_id = $1 and id = $2', [
      scope.enterpriseId,
      input.jobId,
    ]);
    const [{ known }] = await q.query<{ known: number }>(
      'select count(*)::int as known from menus where enterprise_id = $1 and id = any($2::int[])',
      [scope.enterpriseId, menuIds],
    );
    if (known !== menuIds.length) throw fail.notFound();
    const weights = (rows: { path: string; weight: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.path, r.weight]));
    const readWeights = () =>
      q.query<Row<'menus', 'path'> & Row<'job_menus', 'weight'>>(
        'select m.path, jm.weight from job_menus jm join menus m on m.id = jm.menu_id where jm.enterprise_id = $1 and jm.job_id = $2 order by m.id',
        [scope.enterpriseId, input.jobId],
      );
    const before = weights(await readWeights());
    await q.query('delete from job_menus where enterprise_id = $1 and job_id = $2', [scope.enterpriseId, input.jobId]);
    const kept = input.menus.filter((m) => m.weight > 0);
    if (kept.length) {
      await q.query(
        `insert into job_menus (enterprise_id, job_id, menu_id, weight)
         select $1, $2, m, w from unnest($3::int[], $4::int[]) as t(m, w)`,
        [scope.enterpriseId, input.jobId, kept.map((m) => m.menuId), kept.map((m) => m.weight)],
      );
    }
    q.changed({ id: input.jobId, label: job.name, before, after: weights(await readWeights()) });
    return roleMenusOf(q, scope, input.jobId);
  });
  return out;
}
