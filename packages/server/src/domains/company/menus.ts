import { ALL_BITS, PERM, ROLE, type MenuItem } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Row } from '../../db/schema/index.js';
import { HOME_ENTRIES, MENU_SEEDS, defaultWeight } from './defaults.js';

type Scope = { enterpriseId: number };

/**
 * Make every enterprise (or only `one`) hold every default menu, adding the missing ones with each
 * job's default bits. Menus already there keep their place and bits (an admin may have changed
 * them). Idempotent: used when an enterprise is created and by data migrations on upgrade.
 * Returns how many menus were added.
 */
export async function ensureMenus(q: Q, one?: Scope): Promise<number> {
  let added = 0;
  for (const { seed, parent, level, sort } of MENU_SEEDS) {
    const roles = [ROLE.assistant, ROLE.manager, ROLE.supervisor];
    const [{ n }] = await q.query<{ n: number }>(
      `with ins as (
         insert into menus (enterprise_id, pid, path, title, title_en, icon, sort, level, main_only)
         select e.id, coalesce(p.id, 0), $2, $3, $4, $5, $6, $7, $8
           from enterprises e left join menus p on p.enterprise_id = e.id and p.path = $9
          where ($1::int is null or e.id = $1) and ($9::text is null or p.id is not null)
            and not exists (select 1 from menus m where m.enterprise_id = e.id and m.path = $2)
         on conflict (enterprise_id, path) do nothing
         returning id, enterprise_id
       ), bits as (
         insert into job_menus (enterprise_id, job_id, menu_id, weight)
         select ins.enterprise_id, j.id, ins.id, w.weight
           from ins join jobs j on j.enterprise_id = ins.enterprise_id
           join unnest($10::int[], $11::int[]) as w(role, weight) on w.role = j.role
          where w.weight > 0
       )
       select count(*)::int as n from ins`,
      [
        one?.enterpriseId ?? null,
        seed.path,
        seed.title,
        seed.titleEn,
        seed.icon,
        sort,
        level,
        seed.mainOnly ?? false,
        parent,
        roles,
        roles.map((r) => defaultWeight(r, seed.path)),
      ],
    );
    added += n;
  }
  return added;
}

type MenuRow = Row<'menus', 'id' | 'pid' | 'path' | 'title' | 'title_en' | 'icon' | 'sort' | 'level'> & {
  weight: number;
};

/** The menus a job may view, flat, ordered; main-admin-only entries only for the main admin. */
export async function menuRows(q: Q, scope: Scope, jobId: number, isMain: boolean): Promise<MenuItem[]> {
  const rows = await q.query<MenuRow>(
    // Main-admin-only menus follow isMain, not the job's weights (the main admin may hold any job).
    `select m.id, m.pid, m.path, m.title, m.title_en, m.icon, m.sort, m.level,
            case when m.main_only or parent.main_only then $5 else coalesce(jm.weight, 0) end as weight
       from menus m
       left join menus parent on parent.id = m.pid
       left join job_menus jm on jm.menu_id = m.id and jm.job_id = $2
      where m.enterprise_id = $1
        and case when m.main_only or parent.main_only then $4 else (coalesce(jm.weight, 0) & $3) <> 0 end
      order by m.level, m.sort, m.id`,
    [scope.enterpriseId, jobId, PERM.view, isMain, ALL_BITS],
  );
  return rows.map((r) => ({
    id: r.id,
    pid: r.pid,
    path: r.path,
    title: r.title,
    titleEn: r.title_en,
    icon: r.icon,
    sort: r.sort,
    level: r.level,
    weight: r.weight,
    children: [],
  }));
}

/**
 * The menu as a tree. The home node's children are the side menu's default entries (spec §2),
 * derived from the top-level areas this role may view.
 */
export function menuTree(flat: MenuItem[]): MenuItem[] {
  const byId = new Map(flat.map((m) => [m.id, { ...m, children: [] as MenuItem[] }]));
  const roots: MenuItem[] = [];
  for (const m of byId.values()) {
    const parent = byId.get(m.pid);
    if (parent) parent.children.push(m);
    else if (m.pid === 0) roots.push(m);
  }
  const home = roots.find((r) => r.path === '/home');
  if (home) {
    home.children = HOME_ENTRIES.flatMap(({ path, from }, i) => {
      const area = roots.find((r) => r.path === from);
      return area ? [{ ...area, path, pid: home.id, level: 2, sort: (i + 1) * 10, children: [] }] : [];
    });
  }
  return roots;
}
