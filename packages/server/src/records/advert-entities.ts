import { fail } from '../errors.js';
import {
  adContentData,
  adContentFilter,
  adContentView,
  adPlanData,
  adPlanFilter,
  adPlanView,
  aiPitchData,
  aiPitchFilter,
  aiPitchView,
  commodityData,
  commodityFilter,
  commodityView,
  DEFAULT_IMAGE_MS,
} from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Scope } from '../lifecycle/types.js';
import { defineEntity } from '../lifecycle/entity.js';
import { checkFree, suffix } from './checks.js';
import { covered, resolveTargets, targetsOf } from '../lifecycle/targets.js';
import type { Row } from '../db/schema/index.js';

// The advertising lifecycle entities (menu /advert): commodities reach the whole enterprise; ad
// plans reach what they are aimed at (areas, shops, devices).

export const COMMODITY = defineEntity(
  { data: commodityData, view: commodityView, filter: commodityFilter },
  {
    entity: 'commodity',
    table: 'commodities',
    menu: '/advert',
    label: 'entity.commodity',
    reach: { kind: 'enterprise' },
    titleField: 'name',
    uniqueKey: 'commodity.codeTaken',
    page: '/advert',
    keyword: ['name', 'code', 'brand'],
    eqFilters: { category: 'category' },
    view: {},
    finish: (item) => ({ ...item, price: Number(item.price ?? 0) }),
    copyData: (d) => ({ ...d, code: `${String(d.code).slice(0, 24)}-${suffix()}` }),
    validate: async (q, scope, data, recordId) => {
      await checkFree(q, scope, 'commodities', data.code, recordId, 'commodity.codeTaken');
      return data;
    },
  },
);

type Item = { fileId: number; durationMs: number };
const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/** Materials of this enterprise by id: their kind of media and own length. */
async function materials(q: Q, scope: Scope, fileIds: number[]) {
  if (!fileIds.length) return new Map<number, { mime: string; duration: number | null }>();
  const rows = await q.query<Row<'files', 'id' | 'mime' | 'duration'>>(
    `select id, mime, duration from files where enterprise_id = $1 and kind = 'material' and id = any($2::int[])`,
    [scope.enterpriseId, fileIds],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * What each ad type needs (spec §3): pictures or videos in play order (default, main, and optionally
 * details), one product (details) or 2–4 with the rows to compare (compare), music (bgm). An item
 * without a duration takes its video's own length, or 10 s for an image.
 */
async function checkContent(q: Q, scope: Scope, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const type = String(data.adType);
  const items = (Array.isArray(data.items) ? data.items : []) as Item[];
  const bgm = (Array.isArray(data.bgm) ? data.bgm : []) as { fileId: number }[];
  const commodities = ids(data.commodityIds);
  const media = await materials(q, scope, [...items.map((i) => i.fileId), ...bgm.map((b) => b.fileId)]);
  const visual = (id: number) => /^(image|video)\//.test(media.get(id)?.mime ?? '');
  if (items.some((i) => !visual(i.fileId))) throw fail.invalid('items', 'content.material');
  if ((type === 'default' || type === 'main') && !items.length) throw fail.invalid('items', 'content.materials');
  if (type === 'details' && commodities.length !== 1) throw fail.invalid('commodityIds', 'content.products');
  if (type === 'compare' && (commodities.length < 2 || commodities.length > 4))
    throw fail.invalid('commodityIds', 'content.products');
  if (type === 'compare' && !(Array.isArray(data.specNames) && data.specNames.length))
    throw fail.invalid('specNames', 'content.specs');
  if (commodities.length) {
    const found = await q.query('select id from commodities where enterprise_id = $1 and id = any($2::int[])', [
      scope.enterpriseId,
      commodities,
    ]);
    if (found.length !== new Set(commodities).size) throw fail.invalid('commodityIds', 'content.product');
  }
  if (bgm.some((b) => !/^audio\//.test(media.get(b.fileId)?.mime ?? ''))) throw fail.invalid('bgm', 'content.material');
  if (type === 'bgm' && !bgm.length) throw fail.invalid('bgm', 'content.music');
  const timed = items.map((i) => {
    if (i.durationMs > 0) return i;
    const m = media.get(i.fileId);
    const own = m?.mime.startsWith('video/') && m.duration ? Math.round(m.duration * 1000) : DEFAULT_IMAGE_MS;
    return { ...i, durationMs: own };
  });
  return { ...data, items: timed };
}

export const AD_CONTENT = defineEntity(
  { data: adContentData, view: adContentView, filter: adContentFilter },
  {
    entity: 'ad-content',
    table: 'ad_contents',
    menu: '/advert',
    label: 'entity.adContent',
    reach: { kind: 'enterprise' },
    titleField: 'name',
    page: '/advert',
    keyword: ['name'],
    // spec §2 sidebar: ad content category as extend_opt {"ad_type"}, device type (also the spec's
    // extend_opt {"mode": {"type"}}), orientation
    eqFilters: { DeviceType: 'deviceType', Direction: 'orientation' },
    listFilter: (f, add, acc) => {
      const opt = f.extend_opt as { ad_type?: string; mode?: { type?: string } } | undefined;
      const parts = [
        opt?.ad_type ? `${acc('adType')} = ${add(opt.ad_type)}` : null,
        opt?.mode?.type ? `${acc('deviceType')} = ${add(opt.mode.type)}` : null,
      ].filter((c) => c !== null);
      return parts.length ? parts.join(' and ') : null;
    },
    view: {},
    finish: (item) => ({
      ...item,
      totalMs: ((item.items ?? []) as Item[]).reduce((sum, i) => sum + Number(i.durationMs || 0), 0),
    }),
    copyData: (d) => ({ ...d, name: `${String(d.name).slice(0, 58)}-${suffix()}` }),
    validate: (q, scope, data) => checkContent(q, scope, data),
  },
);

export const AD_PLAN = defineEntity(
  { data: adPlanData, view: adPlanView, filter: adPlanFilter },
  {
    entity: 'ad-plan',
    table: 'ad_plans',
    menu: '/advert',
    label: 'entity.adPlan',
    reach: { kind: 'targets', field: 'targets' },
    titleField: 'name',
    // approved is not launched: it plays nowhere until thrown (DESIGN §7)
    approvalLaunches: false,
    page: '/advert',
    keyword: ['name'],
    eqFilters: {},
    view: { isDefault: () => 't.is_default::int' },
    copyData: (d) => ({ ...d, name: `${String(d.name).slice(0, 58)}-${suffix()}` }),
    validate: async (q, scope, data) => {
      if (String(data.dateTo) < String(data.dateFrom)) throw fail.invalid('dateTo', 'plan.dates');
      const wanted = ((Array.isArray(data.contents) ? data.contents : []) as { contentId: number }[]).map(
        (c) => c.contentId,
      );
      const bgm = data.bgmContentId ? Number(data.bgmContentId) : null;
      const rows = await q.query<Row<'ad_contents', 'id' | 'ad_type'>>(
        'select id, ad_type from ad_contents where enterprise_id = $1 and id = any($2::int[])',
        [scope.enterpriseId, [...wanted, ...(bgm ? [bgm] : [])]],
      );
      const types = new Map(rows.map((r) => [r.id, r.ad_type]));
      if (wanted.some((id) => !types.has(id) || types.get(id) === 'bgm'))
        throw fail.invalid('contents', 'plan.content');
      if (bgm && types.get(bgm) !== 'bgm') throw fail.invalid('bgmContentId', 'plan.bgm');
      return data;
    },
  },
);

const hasScope = (v: unknown) => {
  const t = targetsOf(v);
  return t.p.length + t.c.length + t.a.length + t.s.length > 0;
};

/**
 * What a pitch may name: an audio material, an ad content that is not music, a product — of this
 * enterprise; a content or a product, not both. An override's scope lies in the writer's range.
 */
async function checkPitch(q: Q, scope: Scope, data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const one = async (sql: string, id: unknown) => (await q.query(sql, [scope.enterpriseId, Number(id)])).length > 0;
  if (
    data.audioId &&
    !(await one(
      `select 1 from files where enterprise_id = $1 and id = $2 and kind = 'material' and mime like 'audio/%'`,
      data.audioId,
    ))
  ) {
    throw fail.invalid('audioId', 'pitch.audio');
  }
  if (data.contentId && data.commodityId) throw fail.invalid('commodityId', 'pitch.both');
  if (
    data.contentId &&
    !(await one(
      `select 1 from ad_contents where enterprise_id = $1 and id = $2 and ad_type <> 'bgm' and deleted_at is null`,
      data.contentId,
    ))
  ) {
    throw fail.invalid('contentId', 'pitch.content');
  }
  if (
    data.commodityId &&
    !(await one(
      'select 1 from commodities where enterprise_id = $1 and id = $2 and deleted_at is null',
      data.commodityId,
    ))
  ) {
    throw fail.invalid('commodityId', 'pitch.product');
  }
  if (hasScope(data.scope) && scope.range !== null) {
    const rows = await resolveTargets(q, scope, 'scope', { ...targetsOf(data.scope), d: [] });
    if (!covered(scope.range, rows)) throw fail.forbidden('lifecycle.outOfRange');
  }
  const t = targetsOf(data.scope);
  return { ...data, scope: { p: t.p, c: t.c, a: t.a, s: t.s, d: [] } };
}

export const AI_PITCH = defineEntity(
  { data: aiPitchData, view: aiPitchView, filter: aiPitchFilter },
  {
    entity: 'ai-pitch',
    table: 'ai_pitches',
    menu: '/advert',
    label: 'entity.aiPitch',
    reach: { kind: 'enterprise' },
    titleField: 'text',
    page: '/advert',
    keyword: ['text'],
    eqFilters: { gender: 'gender', ageBand: 'ageBand' },
    view: {},
    copyData: (d) => ({ ...d }),
    validate: (q, scope, data) => checkPitch(q, scope, data),
  },
);
