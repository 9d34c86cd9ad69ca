import type { Q } from './client.js';

/**
 * The app role every transaction switches to (`set local role`), so row-level security applies.
 * Created when missing; the connecting owner must be able to SET ROLE to it. A superuser always
 * can. A managed PostgreSQL's owner is usually a non-superuser with CREATEROLE, and creating a role
 * does not make the creator a member: PostgreSQL 15 lets CREATEROLE grant any non-superuser role;
 * 16+ gives the creator only ADMIN OPTION (no SET), from which it may grant itself membership.
 * Either way `grant <role> to current_user` is the step; it is taken only when needed.
 */
export async function ensureAppRole(q: Q, role: string): Promise<void> {
  const [me] = await q.query<{ name: string; super: boolean; version: number }>(
    `select current_user as name, rolsuper as super, current_setting('server_version_num')::int as version
       from pg_roles where rolname = current_user`,
  );
  const exists = async () =>
    (
      await q.query<{ super: boolean; bypass: boolean }>(
        'select rolsuper as super, rolbypassrls as bypass from pg_roles where rolname = $1',
        [role],
      )
    )[0];
  if (!(await exists())) {
    try {
      await q.query(`create role ${role} nologin`);
    } catch (err) {
      // another database of this cluster created it meanwhile (roles are cluster-wide)
      if (!['42710', '23505'].includes((err as { code?: string }).code ?? '')) throw err;
    }
  }
  const app = await exists();
  if (app?.super || app?.bypass)
    throw new Error(`DB_APP_ROLE "${role}" must not be a superuser nor bypass row-level security`);
  if (me.super) return;
  const option = me.version >= 160000 ? 'SET' : 'MEMBER';
  const [{ can }] = await q.query<{ can: boolean }>(`select pg_has_role(current_user, $1, '${option}') as can`, [role]);
  if (can) return;
  try {
    await q.query(`grant ${role} to "${me.name.replace(/"/g, '""')}"`);
  } catch (err) {
    throw new Error(
      `The database owner "${me.name}" cannot act as the app role "${role}" (${(err as Error).message}). ` +
        `Run GRANT ${role} TO "${me.name}" as a superuser, or set DB_APP_ROLE to a role this owner creates.`,
    );
  }
}
