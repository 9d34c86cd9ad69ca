import { ONLINE_STATUS as O, type InformEntity } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { page } from '../../db/paging.js';
import { tenantTx, type Tx } from '../../db/tenant.js';
import { fail } from '../../errors.js';
import { allow, reach, reachInRange, scopeOf } from '../../lifecycle/access.js';
import { rowShopInRangeSql } from '../stats/scope.js';
import { sendMessage } from '../../messages/send.js';
import type { TenantCtx } from '../../plugins/context.js';
import { ATTACHABLE_KINDS, filesJsonSql, INFORM_CONFIGS } from '../../records/inform-entities.js';
import { fileReader, mayReadFile } from '../files/reach.js';
import { signRawUrl } from '../files/sign.js';
import { recipientsOf } from './recipients.js';
import type { Row, Tables } from '../../db/schema/index.js';

// Sending a notification or announcement, what its recipients see and do, and who has done it
// (issue 12 §1). Receipts live in inform_receipts: one row per recipient of a sent record.

const tableOf = (entity: InformEntity) => INFORM_CONFIGS[entity].table;
const doneCol = (entity: InformEntity) => (entity === 'inform' ? 'confirmed_at' : 'read_at');
const nowSec = () => Math.floor(Date.now() / 1000);
export const linkOf = (entity: InformEntity, id: number) => `/inform?tab=received&entity=${entity}&record=${id}`;

type Sent = {
  title: string;
  live_version: number | null;
  sent_version: number | null;
  roles: number[];
  deadline: number | null;
};

/**
 * Send the enabled version to every recipient: receipts (a re-send of a newer approved version
 * asks everyone again), one message each, the record online. Refused before approval, when this
 * version is out already, past a notification's deadline, or when nobody would receive it. A
 * withdrawn record (offline) sent again is only published again: its receipts stand.
 */
export function send(deps: Deps, ctx: TenantCtx, entity: InformEntity, id: number, now = new Date()) {
  const cfg = INFORM_CONFIGS[entity];
  return tenantTx(deps.db, ctx, async (q) => {
    const scope = scopeOf(ctx);
    const rec = await reachInRange(q, cfg, ctx, id, true);
    const [row] = await q.query<Sent>(
      `select title, live_version, sent_version, roles, ${entity === 'inform' ? 'deadline' : 'null::bigint as deadline'}
         from ${cfg.table} where enterprise_id = $1 and id = $2`,
      [scope.enterpriseId, id],
    );
    const already = row.live_version !== null && row.sent_version !== null && row.sent_version >= row.live_version;
    if (row.live_version === null || rec.deleted || (already && rec.online === O.online))
      throw fail.conflict('inform.notSendable');
    if (rec.online !== O.online) allow('online', rec, ctx);
    if (already) {
      // withdrawn, now published again: the same receipts stand, nobody is asked twice
      await q.query(
        `update ${cfg.table} set online = ${O.online}, updated_at = now() where enterprise_id = $1 and id = $2`,
        [scope.enterpriseId, id],
      );
      const [{ n }] = await q.query<{ n: number }>(
        'select count(*)::int as n from inform_receipts where enterprise_id = $1 and entity = $2 and record_id = $3',
        [scope.enterpriseId, entity, id],
      );
      q.changed({ id, label: row.title, before: { online: rec.online }, after: { online: O.online } });
      return { id, recipients: n, sentAt: Math.floor(now.getTime() / 1000) };
    }
    if (row.deadline !== null && row.deadline <= now.getTime() / 1000)
      throw fail.invalid('deadline', 'inform.deadlinePast');
    const people = await recipientsOf(q, scope, entity, id, row.live_version, row.roles);
    if (!people.length) throw fail.invalid('targets', 'inform.noRecipients');
    await q.query(
      `insert into inform_receipts (enterprise_id, entity, record_id, user_id, role, shop_id, sent_at)
       select $1, $2, $3, r.user_id, r.role, r.shop_id, $5 from jsonb_to_recordset($4::jsonb) as r(user_id int, role int, shop_id int)
       on conflict (enterprise_id, entity, record_id, user_id) do update
         set role = excluded.role, shop_id = excluded.shop_id, sent_at = excluded.sent_at,
             read_at = null, confirmed_at = null, reminded_at = null, reply = '', photo_file_id = null`,
      [
        scope.enterpriseId,
        entity,
        id,
        JSON.stringify(people.map((p) => ({ user_id: p.userId, role: p.role, shop_id: p.shopId }))),
        now,
      ],
    );
    await q.query(
      `update ${cfg.table} set sent_at = $3, sent_version = live_version, online = ${O.online}, updated_at = now() where enterprise_id = $1 and id = $2`,
      [scope.enterpriseId, id, now],
    );
    await sendMessage(q, {
      enterpriseId: scope.enterpriseId,
      to: people.map((p) => p.userId),
      kind: 'inform',
      title: { key: 'inform.sent', params: { entity: { key: cfg.label }, title: row.title } },
      body: row.deadline !== null ? { key: 'inform.sentBody', params: {} } : undefined,
      link: linkOf(entity, id),
    });
    q.changed({
      id,
      label: row.title,
      before: { sentVersion: row.sent_version },
      after: { sentVersion: row.live_version, recipients: people.length },
    });
    return { id, recipients: people.length, sentAt: Math.floor(now.getTime() / 1000) };
  });
}

type Attachment = { id: number; name: string; type: number; size: number; mime: string };
type ReceivedRow = Row<'inform_receipts', 'reply'> & {
  id: number;
  title: string;
  body: string;
  priority: number;
  deadline: number | null;
  files: Attachment[];
  sent_at: number;
  author_name: string;
  read_at: number | null;
  confirmed_at: number | null;
};

/** The record as sent (its live version) with the caller's receipt; `from`: receipts r, the record t. */
function receivedSql(entity: InformEntity) {
  const t = tableOf(entity);
  return {
    select: `t.id, t.title, t.body, t.priority, ${entity === 'inform' ? 't.deadline' : 'null::bigint'} as deadline,
      ${filesJsonSql('t.attachments')} as files,
      extract(epoch from r.sent_at)::int as sent_at, coalesce(au.nickname, '') as author_name,
      extract(epoch from r.read_at)::int as read_at, extract(epoch from r.confirmed_at)::int as confirmed_at, r.reply`,
    from: `inform_receipts r join ${t} t on t.enterprise_id = r.enterprise_id and t.id = r.record_id left join users au on au.id = t.author_id`,
  };
}

const toReceived = (entity: InformEntity, r: ReceivedRow, now: number) => ({
  id: r.id,
  title: r.title,
  body: r.body,
  priority: r.priority,
  deadline: r.deadline === null ? null : Number(r.deadline),
  files: r.files,
  sentAt: r.sent_at,
  authorName: r.author_name,
  readAt: r.read_at,
  confirmedAt: r.confirmed_at,
  reply: r.reply,
  overdue: entity === 'inform' && r.confirmed_at === null && r.deadline !== null && Number(r.deadline) < now ? 1 : 0,
});

const RECEIVED_WHERE = `r.enterprise_id = $1 and r.entity = $2 and r.user_id = $3 and t.deleted_at is null and t.online = ${O.online}`;

export function received(
  deps: Deps,
  ctx: TenantCtx,
  entity: InformEntity,
  f: { pageNum: number; pageSize: number; pending?: number; keyword?: string },
) {
  return tenantTx(deps.db, ctx, async (q) => {
    const params: unknown[] = [ctx.enterprise.id, entity, ctx.user.id];
    let where = RECEIVED_WHERE;
    if (f.pending) where += ` and r.${doneCol(entity)} is null`;
    if (f.keyword) {
      params.push(`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where += ` and t.title ilike $${params.length}`;
    }
    const res = await page<ReceivedRow>(
      q,
      {
        ...receivedSql(entity),
        where,
        order: `(r.${doneCol(entity)} is null) desc, r.sent_at desc, t.id desc`,
        params,
      },
      f,
    );
    return { ...res, list: res.list.map((r) => toReceived(entity, r, nowSec())) };
  });
}

async function myReceipt(q: Tx, ctx: TenantCtx, entity: InformEntity, id: number): Promise<ReceivedRow> {
  const sql = receivedSql(entity);
  const [row] = await q.query<ReceivedRow>(
    `select ${sql.select} from ${sql.from} where ${RECEIVED_WHERE} and r.record_id = $4`,
    [ctx.enterprise.id, entity, ctx.user.id, id],
  );
  if (row) return row;
  // another enterprise's (or no) record is not found; one of ours not sent to me is refused
  const exists = await q.query(`select 1 from ${tableOf(entity)} where enterprise_id = $1 and id = $2`, [
    ctx.enterprise.id,
    id,
  ]);
  throw exists.length ? fail.forbidden('inform.notRecipient') : fail.notFound();
}

/**
 * The recipient reads (announcements) or confirms (notifications: an optional reply and photo; a
 * confirmation after the deadline is still taken, and shows as late). Reading a notification in
 * the Received tab marks it read too.
 */
export async function check(
  deps: Deps,
  ctx: TenantCtx,
  entity: InformEntity,
  input: { id: number; reply: string; photoId?: number },
  now = new Date(),
) {
  const reader = input.photoId === undefined ? null : await fileReader(deps, ctx);
  return tenantTx(deps.db, ctx, async (q) => {
    await myReceipt(q, ctx, entity, input.id);
    if (input.photoId !== undefined) {
      const [photo] = await q.query<Row<'files', 'id' | 'kind'>>(
        `select id, kind from files where enterprise_id = $1 and id = $2 and kind = any($3::text[]) and mime like 'image/%'`,
        [ctx.enterprise.id, input.photoId, ATTACHABLE_KINDS],
      );
      // the receipts show the photo to whoever reads them: only one the recipient may read goes in
      if (!photo || !(await mayReadFile(q, reader!, photo))) throw fail.invalid('photoId', 'inform.photo');
    }
    const confirm = entity === 'inform';
    await q.query(
      `update inform_receipts set read_at = coalesce(read_at, $5)
         ${confirm ? ', confirmed_at = coalesce(confirmed_at, $5), reply = $6, photo_file_id = $7' : ''}
        where enterprise_id = $1 and entity = $2 and record_id = $3 and user_id = $4`,
      [ctx.enterprise.id, entity, input.id, ctx.user.id, now, ...(confirm ? [input.reply, input.photoId ?? null] : [])],
    );
    return toReceived(entity, await myReceipt(q, ctx, entity, input.id), Math.floor(now.getTime() / 1000));
  });
}

type ReceiptRow = Row<'inform_receipts', 'user_id' | 'role' | 'shop_id' | 'reply' | 'photo_file_id'> & {
  name: string;
  shop_name: string;
  read_at: number | null;
  confirmed_at: number | null;
  reminded_at: number | null;
};

/** Who received a sent record and who has done it, cut to the caller's range (their shops' recipients, and head office for the whole enterprise). */
export function receipts(
  deps: Deps,
  ctx: TenantCtx,
  entity: InformEntity,
  f: { id: number; state: 'all' | 'done' | 'pending'; pageNum: number; pageSize: number },
) {
  const cfg = INFORM_CONFIGS[entity];
  return tenantTx(deps.db, ctx, async (q) => {
    const scope = scopeOf(ctx);
    await reach(q, cfg, ctx, f.id);
    const params: unknown[] = [scope.enterpriseId, entity, f.id];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    // a receipt without a shop (head office) is seen only with the whole enterprise in range
    const inRange = rowShopInRangeSql('r.shop_id', '$1', scope.range, add);
    const done = `r.${doneCol(entity)}`;
    const base = `r.enterprise_id = $1 and r.entity = $2 and r.record_id = $3 and ${inRange}`;
    const [deadline] =
      entity === 'inform'
        ? await q.query<{ d: Tables['informs']['deadline'] }>(
            'select deadline as d from informs where enterprise_id = $1 and id = $2',
            [scope.enterpriseId, f.id],
          )
        : [{ d: null }];
    const late = deadline?.d !== null && deadline?.d !== undefined && Number(deadline.d) < nowSec();
    const [summary] = await q.query<{ total: number; done: number }>(
      `select count(*)::int as total, count(${done})::int as done from inform_receipts r where ${base}`,
      params,
    );
    const byShop = await q.query<
      Row<'inform_receipts', 'shop_id'> & { shop_name: string; total: number; done: number }
    >(
      `select r.shop_id, coalesce(s.name, '') as shop_name, count(*)::int as total, count(${done})::int as done
         from inform_receipts r left join shops s on s.enterprise_id = r.enterprise_id and s.id = r.shop_id
        where ${base} group by r.shop_id, s.name order by count(${done})::float / count(*), s.name nulls first`,
      params,
    );
    const state = f.state === 'done' ? ` and ${done} is not null` : f.state === 'pending' ? ` and ${done} is null` : '';
    const res = await page<ReceiptRow>(
      q,
      {
        select: `r.user_id, coalesce(u.nickname, '') as name, r.role, r.shop_id, coalesce(s.name, '') as shop_name,
        extract(epoch from r.read_at)::int as read_at, extract(epoch from r.confirmed_at)::int as confirmed_at,
        extract(epoch from r.reminded_at)::int as reminded_at, r.reply, r.photo_file_id`,
        from: `inform_receipts r join users u on u.id = r.user_id left join shops s on s.enterprise_id = r.enterprise_id and s.id = r.shop_id`,
        where: base + state,
        order: `(${done} is null) desc, s.name nulls first, u.nickname, r.user_id`,
        params,
      },
      f,
    );
    const url = (fileId: number | null) =>
      fileId === null ? null : signRawUrl(deps.config.secret, deps.config.apiBase, fileId, scope.enterpriseId).url;
    return {
      summary: {
        total: summary.total,
        done: summary.done,
        pending: summary.total - summary.done,
        overdue: late ? summary.total - summary.done : 0,
      },
      byShop: byShop.map((s) => ({ shopId: s.shop_id, shopName: s.shop_name, total: s.total, done: s.done })),
      total: res.total,
      list: res.list.map((r) => ({
        userId: r.user_id,
        name: r.name,
        role: r.role,
        shopId: r.shop_id,
        shopName: r.shop_name,
        readAt: r.read_at,
        confirmedAt: r.confirmed_at,
        remindedAt: r.reminded_at,
        reply: r.reply,
        photoUrl: url(r.photo_file_id),
      })),
    };
  });
}

/**
 * A signed address of one attachment of the record's sent (or, for who may open the record, its
 * enabled) version: for its recipients, and for members who reach the record. Another enterprise's
 * record, or a file that is not one of its attachments, is refused.
 */
export function download(deps: Deps, ctx: TenantCtx, entity: InformEntity, input: { id: number; fileId: number }) {
  const cfg = INFORM_CONFIGS[entity];
  return tenantTx(deps.db, ctx, async (q) => {
    const scope = scopeOf(ctx);
    const mine = await q.query(
      'select 1 from inform_receipts where enterprise_id = $1 and entity = $2 and record_id = $3 and user_id = $4',
      [scope.enterpriseId, entity, input.id, ctx.user.id],
    );
    if (!mine.length) await reach(q, cfg, ctx, input.id);
    const [file] = await q.query<Row<'files', 'id' | 'name'>>(
      `select f.id, f.name from ${cfg.table} t join files f on f.enterprise_id = t.enterprise_id and f.id = $3
        where t.enterprise_id = $1 and t.id = $2 and t.attachments @> to_jsonb($3::int)`,
      [scope.enterpriseId, input.id, input.fileId],
    );
    if (!file) throw fail.notFound('inform.fileNotAttached');
    const signed = signRawUrl(deps.config.secret, deps.config.apiBase, file.id, scope.enterpriseId);
    return { ...signed, name: file.name };
  });
}
