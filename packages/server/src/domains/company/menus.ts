import { ALL_BITS, PERM, type MenuItem } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import { DEFAULT_MENUS, HOME_ENTRIES, defaultWeight, type MenuSeed } from './defaults.js';

type Scope = { enterpriseId: number };

/** Seed the catalogue and every job's weights for a new enterprise. */
export async function seedMenus(q: Q, scope: Scope, jobs: { id: number; role: number }[]): Promise<void> {
  const insert = async (seed: MenuSeed, pid: number, level: number, sort: number) => {
    const [row] = await q.query<{ id: number }>(
      `insert into menus (enterprise_id, pid, path, title, title_en, icon, sort, level, main_only)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [scope.enterpriseId, pid, seed.path, seed.title, seed.titleEn, seed.icon, sort, level, seed.mainOnly ?? false],
    );
    for (const job of jobs) {
      const weight = defaultWeight(job.role, seed.path);
      if (weight) {
        await q.query('insert into job_menus (enterprise_id, job_id, menu_id, weight) values ($1, $2, $3, $4)', [
          scope.enterpriseId, job.id, row.id, weight,
        ]);
      }
    }
    for (const [i, child] of (seed.children ?? []).entries()) await insert(child, row.id, level + 1, (i + 1) * 10);
  };
  for (const [i, seed] of DEFAULT_MENUS.entries()) await insert(seed, 0, 1, (i + 1) * 10);
}

type MenuRow = { id: number; pid: number; path: string; title: string; title_en: string; icon: string; sort: number; level: number; weight: number };

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
    id: r.id, pid: r.pid, path: r.path, title: r.title, titleEn: r.title_en, icon: r.icon,
    sort: r.sort, level: r.level, weight: r.weight, children: [],
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
