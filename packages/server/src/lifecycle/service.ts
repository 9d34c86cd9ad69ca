import { CONTENT_STATUS as C, type OnlineStatus } from '@vitrine/contract';
import type { Db } from '../db/client.js';
import { tenantRead, tenantTx, type Tx } from '../db/tenant.js';
import type { TenantCtx } from '../plugins/context.js';
import { reach, scopeOf } from './access.js';
import { applyRecord, binOwnDraft, copyRecord, createRecord, updateRecord } from './actions.js';
import { listRecords, type ListFilter, type ListKind } from './lists.js';
import { historyItems, recordLogs, versionItem } from './read.js';
import { binEnabled, examineRecord, setOnline } from './review.js';
import type { Data, EntityConfig, Item } from './types.js';

type Id = { id: number };

/** One entity's lifecycle: every call in its own transaction, acting for the caller. */
export function lifecycleService(db: Db, cfg: EntityConfig) {
  const tx = <T>(ctx: TenantCtx, fn: (q: Tx) => Promise<T>) => tenantTx(db, ctx, fn);
  // a list is one statement: read in its own transaction (db.read)
  const list = (kind: ListKind) => (ctx: TenantCtx, f: ListFilter) =>
    listRecords(tenantRead(db, ctx), cfg, scopeOf(ctx), ctx.user.id, kind, f);
  return {
    cfg,
    create: (ctx: TenantCtx, input: Data) => tx(ctx, (q) => createRecord(q, cfg, ctx, input)),
    get: (ctx: TenantCtx, { id }: Id) =>
      tx(ctx, async (q) => {
        const rec = await reach(q, cfg, ctx, id);
        const scope = scopeOf(ctx);
        const main = await versionItem(q, cfg, scope, id, rec.liveVersion ?? rec.version);
        const draft: Item | null =
          rec.liveVersion !== null && rec.status !== C.approved
            ? await versionItem(q, cfg, scope, id, rec.version)
            : null;
        return { ...main, draft };
      }),
    update: (ctx: TenantCtx, { id, ...input }: Data & Id) => tx(ctx, (q) => updateRecord(q, cfg, ctx, id, input)),
    copy: (ctx: TenantCtx, { id }: Id) => tx(ctx, (q) => copyRecord(q, cfg, ctx, id)),
    apply: (ctx: TenantCtx, { id }: Id) => tx(ctx, (q) => applyRecord(q, cfg, ctx, id)),
    examine: (ctx: TenantCtx, { id, pass, reason }: Id & { pass: 0 | 1; reason?: string }) =>
      tx(ctx, (q) => examineRecord(q, cfg, ctx, id, pass, reason)),
    setStatus: (ctx: TenantCtx, { id, status }: Id & { status: OnlineStatus }) =>
      tx(ctx, (q) => setOnline(q, cfg, ctx, id, status)),
    delete: (ctx: TenantCtx, { id }: Id) => tx(ctx, (q) => binEnabled(q, cfg, ctx, id, true)),
    recovery: (ctx: TenantCtx, { id }: Id) => tx(ctx, (q) => binEnabled(q, cfg, ctx, id, false)),
    deleteOwn: (ctx: TenantCtx, { id }: Id) => tx(ctx, (q) => binOwnDraft(q, cfg, ctx, id, true)),
    recoveryOwn: (ctx: TenantCtx, { id }: Id) => tx(ctx, (q) => binOwnDraft(q, cfg, ctx, id, false)),
    history: (ctx: TenantCtx, { id }: Id) =>
      tx(ctx, async (q) => {
        await reach(q, cfg, ctx, id);
        return { list: await historyItems(q, cfg, scopeOf(ctx), id) };
      }),
    logs: (
      ctx: TenantCtx,
      {
        id,
        pageNum,
        pageSize,
        offset,
        source,
      }: Id & { pageNum: number; pageSize: number; offset?: number; source?: string },
    ) =>
      tx(ctx, async (q) => {
        await reach(q, cfg, ctx, id);
        return recordLogs(q, cfg, scopeOf(ctx), id, { pageNum, pageSize, offset }, source);
      }),
    myList: list('mine'),
    applyList: list('review'),
    enableList: list('enabled'),
  };
}
export type LifecycleService = ReturnType<typeof lifecycleService>;
