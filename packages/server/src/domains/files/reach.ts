import type { InformEntity, Perm } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, fail } from '../../errors.js';
import { tenantTx } from '../../db/tenant.js';
import { reach } from '../../lifecycle/access.js';
import type { LifecycleService } from '../../lifecycle/service.js';
import type { EntityConfig } from '../../lifecycle/types.js';
import { hasPerm, type TenantCtx } from '../../plugins/context.js';
import { AD_CONTENT, COMMODITY } from '../../records/advert-entities.js';
import { DEVICE } from '../../records/device-entity.js';
import { INFORM_CONFIGS } from '../../records/inform-entities.js';
import { rowShopInRangeSql } from '../stats/scope.js';
import type { Row, Tables } from '../../db/schema/index.js';

// Who may read a file (issue 24 §1): its uploaders, and whoever may read a record that holds it, by
// that record's own rule — the menu's view bit and, for lifecycle records, the lifecycle's reach
// (lifecycle/access.ts), not a second copy of it. Where a file id is held:
// - the materials library (a material and a video's poster): /advert view;
// - lifecycle versions: products' images, ad contents' items and music, notifications' and
//   announcements' attachments — any version the reader may see (get and history show them all);
// - a notification's attachments also for its recipients (inform/download's rule);
// - a receipt's photo: where inform/receipts shows the receipt (the record reached, the receipt's
//   shop in range);
// - a device command's screenshot: who reaches the device (device/commands).
// Logos and avatars are public by hash (file/img) and readable by any member.

/** Logos and avatars are shown to anyone who sees the enterprise or the person: lasting, by hash (file/img). */
export const PUBLIC_KINDS = new Set(['logo', 'avatar']);

const VIEW = (menu: string): Perm => ({ menu, bit: 'view' });

/** The caller and the view bits of the menus whose records hold files: read before the transaction (checkPerm opens its own). */
export type FileReader = { ctx: TenantCtx; views: Set<string> };

const MENUS = ['/advert', '/inform', '/store'];

export async function fileReader(deps: Deps, ctx: TenantCtx): Promise<FileReader> {
  const views = new Set<string>();
  for (const menu of MENUS) if (await hasPerm(deps, ctx, VIEW(menu))) views.add(menu);
  return { ctx, views };
}

type Data = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const ids = (v: unknown) => list(v).map(Number);
const fileIds = (v: unknown) => list(v).map((x) => Number((x as { fileId?: unknown } | null)?.fileId));

/**
 * The lifecycle entities whose versions name files: SQL true when a version's data (v.data) names
 * file `f`, and the file ids a create or update names, by field.
 */
const RECORD_HOLDERS: {
  cfg: EntityConfig;
  holds: (f: string) => string;
  named: (d: Data) => Record<string, number[]>;
}[] = [
  {
    cfg: COMMODITY,
    holds: (f) => `v.data @> jsonb_build_object('images', jsonb_build_array(${f}))`,
    named: (d) => ({ images: ids(d.images) }),
  },
  {
    cfg: AD_CONTENT,
    holds: (f) => `(v.data @> jsonb_build_object('items', jsonb_build_array(jsonb_build_object('fileId', ${f})))
      or v.data @> jsonb_build_object('bgm', jsonb_build_array(jsonb_build_object('fileId', ${f}))))`,
    named: (d) => ({ items: fileIds(d.items), bgm: fileIds(d.bgm) }),
  },
  ...(['inform', 'inform2'] as const).map((e) => ({
    cfg: INFORM_CONFIGS[e],
    holds: (f: string) => `v.data @> jsonb_build_object('attachments', jsonb_build_array(${f}))`,
    named: (d: Data) => ({ attachments: ids(d.attachments) }),
  })),
];
// the partial index record_versions_files (migration 0275) covers exactly these entities
const HOLDING_ENTITIES = RECORD_HOLDERS.map((h) => `'${h.cfg.entity}'`).join(', ');

/** At most this many holding records are tried for one file (each is one reach check). */
const MAX_HOLDERS = 50;

/** The lifecycle's reach rule on one record, as a yes/no. */
async function reaches(q: Q, cfg: EntityConfig, ctx: TenantCtx, id: number): Promise<boolean> {
  try {
    await reach(q, cfg, ctx, id);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

async function anyReached(q: Q, ctx: TenantCtx, rows: { entity: string; id: number }[]): Promise<boolean> {
  const configs = new Map<string, EntityConfig>([
    ...RECORD_HOLDERS.map((h) => [h.cfg.entity, h.cfg] as const),
    [DEVICE.entity, DEVICE],
  ]);
  for (const r of rows) if (await reaches(q, configs.get(r.entity)!, ctx, r.id)) return true;
  return false;
}

/**
 * Whether the reader may read file `file` (a row of the reader's enterprise): inside the caller's
 * transaction. Cheapest answers first; each holder is looked up by an index.
 */
export async function mayReadFile(q: Q, reader: FileReader, file: { id: number; kind: string }): Promise<boolean> {
  const { ctx, views } = reader;
  const en = ctx.enterprise.id;
  if (PUBLIC_KINDS.has(file.kind)) return true;
  const one = async (sql: string, params: unknown[]) => (await q.query(sql, params)).length > 0;
  if (
    await one('select 1 from file_uploaders where enterprise_id = $1 and file_id = $2 and user_id = $3', [
      en,
      file.id,
      ctx.user.id,
    ])
  )
    return true;
  if (
    views.has('/advert') &&
    (await one('select 1 from materials where enterprise_id = $1 and (file_id = $2 or poster_file_id = $2) limit 1', [
      en,
      file.id,
    ]))
  )
    return true;
  if (views.has('/inform')) {
    const recipient = (['inform', 'inform2'] as InformEntity[])
      .map(
        (e) => `select 1 from inform_receipts r join ${INFORM_CONFIGS[e].table} t
        on t.enterprise_id = r.enterprise_id and t.id = r.record_id
      where r.enterprise_id = $1 and r.entity = '${e}' and r.user_id = $3 and t.attachments @> to_jsonb($2::int)`,
      )
      .join(' union all ');
    if (await one(`${recipient} limit 1`, [en, file.id, ctx.user.id])) return true;
    const params: unknown[] = [en, file.id];
    const add = (v: unknown) => `$${params.push(v)}`;
    const photos = await q.query<Row<'inform_receipts', 'entity'> & { id: Tables['inform_receipts']['record_id'] }>(
      `select distinct r.entity, r.record_id as id from inform_receipts r
        where r.enterprise_id = $1 and r.photo_file_id = $2 and ${rowShopInRangeSql('r.shop_id', '$1', ctx.range, add)} limit ${MAX_HOLDERS}`,
      params,
    );
    if (await anyReached(q, ctx, photos)) return true;
  }
  const readable = RECORD_HOLDERS.filter((h) => views.has(h.cfg.menu));
  if (readable.length) {
    const records = await q.query<Row<'record_versions', 'entity'> & { id: Tables['record_versions']['record_id'] }>(
      `select distinct v.entity, v.record_id as id from record_versions v
        where v.enterprise_id = $1 and v.entity in (${HOLDING_ENTITIES})
          and (${readable.map((h) => `(v.entity = '${h.cfg.entity}' and ${h.holds('$2::int')})`).join(' or ')})
        limit ${MAX_HOLDERS}`,
      [en, file.id],
    );
    if (await anyReached(q, ctx, records)) return true;
  }
  if (views.has(DEVICE.menu)) {
    const devices = await q.query<{ entity: string; id: Tables['device_commands']['device_id'] }>(
      `select distinct '${DEVICE.entity}' as entity, c.device_id as id from device_commands c
        where c.enterprise_id = $1 and c.result ? 'fileId' and c.result->'fileId' = to_jsonb($2::int) limit ${MAX_HOLDERS}`,
      [en, file.id],
    );
    if (await anyReached(q, ctx, devices)) return true;
  }
  return false;
}

/**
 * A lifecycle service whose create and update refuse (40001 naming the field) a file the caller
 * may not read: a record holding a file opens it to the record's readers, so putting one there
 * needs what reading it needs. For the entities that hold files (RECORD_HOLDERS); others unchanged.
 */
export function guardFiles(deps: Deps, s: LifecycleService): LifecycleService {
  const holder = RECORD_HOLDERS.find((h) => h.cfg.entity === s.cfg.entity);
  if (!holder) return s;
  const check = async (ctx: TenantCtx, input: Data) => {
    const named = Object.entries(holder.named(input)).filter(([, v]) => v.length);
    if (!named.length) return;
    const reader = await fileReader(deps, ctx);
    await tenantTx(deps.db, ctx, async (q) => {
      for (const [field, wanted] of named) {
        for (const id of new Set(wanted)) {
          const [row] = Number.isSafeInteger(id)
            ? await q.query<Row<'files', 'id' | 'kind'>>(
                'select id, kind from files where enterprise_id = $1 and id = $2',
                [ctx.enterprise.id, id],
              )
            : [];
          if (!row || !(await mayReadFile(q, reader, row))) throw fail.invalid(field, 'file.forbidden');
        }
      }
    });
  };
  return {
    ...s,
    create: async (ctx, input) => (await check(ctx, input), s.create(ctx, input)),
    update: async (ctx, input) => (await check(ctx, input), s.update(ctx, input)),
  };
}
