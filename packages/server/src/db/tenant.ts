import type { Range } from '@vitrine/contract';
import { type Change, settleOplog } from '../oplog/settle.js';
import type { TenantCtx, UserCtx } from '../plugins/context.js';
import { enterTenant, type Db, type Q } from './client.js';

/**
 * A transaction acting for the caller. Besides running SQL it carries what the mutation changed:
 * `changed()` reports a record's id, label and before/after, and the operation-log row is written
 * from it just before commit (oplog/settle.ts), in this same transaction.
 */
export type Tx = Q & {
  /** The enterprise this transaction acts in; null in a user transaction that entered none. */
  readonly enterpriseId: number | null;
  changed(change: Change): void;
  /** Narrow a user transaction to an enterprise the caller just created or joined. */
  enter(enterpriseId: number): Promise<void>;
};

function open<T>(db: Db, ctx: UserCtx, enterpriseId: number | null, fn: (t: Tx) => Promise<T>): Promise<T> {
  const scope = enterpriseId === null ? { userId: ctx.user.id } : { userId: ctx.user.id, enterpriseId };
  return db.tx(scope, async (q) => {
    const changes: Change[] = [];
    let current = enterpriseId;
    const t: Tx = {
      query: q.query,
      get enterpriseId() {
        return current;
      },
      changed: (change) => void changes.push(change),
      enter: async (id) => {
        await enterTenant(q, id);
        current = id;
      },
    };
    const out = await fn(t);
    await settleOplog(q, ctx, current, changes);
    return out;
  });
}

/** The tenant every query takes first: the enterprise, and the caller's data range (null = all of it). */
export type TenantScope = { enterpriseId: number; range: Range | null };

export const scopeOf = (ctx: TenantCtx): TenantScope => ({ enterpriseId: ctx.enterprise.id, range: ctx.range });

/** The one way to open a transaction for a caller acting in their enterprise. */
export const tenantTx = <T>(db: Db, ctx: TenantCtx, fn: (t: Tx, scope: TenantScope) => Promise<T>): Promise<T> =>
  open(db, ctx, ctx.enterprise.id, (t) => fn(t, scopeOf(ctx)));

/**
 * For calls that read with one statement (lists): each query is its own transaction acting for the
 * caller in their enterprise (db.read).
 */
export const tenantRead = (db: Db, ctx: TenantCtx): Q => ({
  query: (sql, params) => db.read({ userId: ctx.user.id, enterpriseId: ctx.enterprise.id }, sql, params),
});

/** A transaction for a logged-in user before an enterprise is chosen (create, join, accept). */
export const userTx = <T>(db: Db, ctx: UserCtx, fn: (t: Tx) => Promise<T>): Promise<T> => open(db, ctx, null, fn);

export type { Change };
