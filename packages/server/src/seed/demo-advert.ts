import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { adContentData, adPlanData, commodityData, maxUploadSize, ROLE } from '@vitrine/contract';
import { tenantTx } from '../db/tenant.js';
import type { Deps } from '../deps.js';
import { receive, saveMaterial } from '../domains/files/service.js';
import { defaultPlan, throwPlan } from '../domains/advert/plans.js';
import { bulkImport, type Outcome } from '../lifecycle/bulk.js';
import type { Data } from '../lifecycle/types.js';
import type { TenantCtx } from '../plugins/context.js';
import { AD_CONTENT, AD_PLAN, COMMODITY } from '../records/advert-entities.js';
import { ctxFor, type DemoPerson } from './demo-stores.js';

// The demo's advertising (issue 9 §7), through the services the calls use: materials stored and
// sniffed as uploads and attached to the library, products, contents of every ad type and plans
// reviewed on the lifecycle (the manager authors, the supervisor approves), then launched with
// throw and a default plan set, so the simulated screens have something to play. The media are
// small files made once by scripts/make-demo-media.sh.

const MEDIA = join(import.meta.dirname, 'media');
/** The library's titles of the media files (product pictures take their product's name). */
const TITLES: Record<string, string> = {
  'new-arrivals.jpg': '新品上市横幅', 'member-day.jpg': '会员日横幅', 'winter-drinks.jpg': '冬季暖饮横幅', 'breakfast.jpg': '早餐套餐横幅',
  'weekend.jpg': '周末特惠横幅', 'green.jpg': '绿色生活横幅', 'join-portrait.jpg': '扫码入会（竖屏）', 'pick-portrait.jpg': '今日推荐（竖屏）',
  'welcome.mp4': '欢迎光临视频', 'calm.mp3': '轻松背景音乐',
};

const PRODUCTS = [
  { file: 'tea-green.jpg', name: '龙井绿茶', code: 'TEA-001', brand: '西湖', category: '茶饮', price: 6800, unit: '盒', points: ['明前采摘', '清香回甘'], specs: [['产地', '浙江杭州'], ['净含量', '250g'], ['发酵', '不发酵'], ['冲泡水温', '80°C']] },
  { file: 'tea-black.jpg', name: '滇红红茶', code: 'TEA-002', brand: '凤庆', category: '茶饮', price: 5200, unit: '盒', points: ['蜜香浓郁', '暖胃'], specs: [['产地', '云南凤庆'], ['净含量', '250g'], ['发酵', '全发酵'], ['冲泡水温', '95°C']] },
  { file: 'tea-oolong.jpg', name: '安溪铁观音', code: 'TEA-003', brand: '安溪', category: '茶饮', price: 8800, unit: '盒', points: ['兰花香', '七泡有余香'], specs: [['产地', '福建安溪'], ['净含量', '250g'], ['发酵', '半发酵'], ['冲泡水温', '95°C']] },
  { file: 'water.jpg', name: '山泉水 550ml', code: 'DRK-001', brand: '维特琳', category: '饮料', price: 200, unit: '瓶', points: ['天然弱碱'], specs: [['容量', '550ml']] },
  { file: 'coffee.jpg', name: '挂耳咖啡', code: 'DRK-002', brand: '晨光', category: '饮料', price: 3900, unit: '盒', points: ['中深烘焙', '10 包装'], specs: [['产地', '云南普洱']] },
  { file: 'yogurt.jpg', name: '原味酸奶', code: 'DAI-001', brand: '牧场', category: '乳品', price: 890, unit: '杯', points: ['0 添加蔗糖'], specs: [['净含量', '200g']] },
  { file: 'bread.jpg', name: '全麦面包', code: 'BAK-001', brand: '麦香', category: '烘焙', price: 1290, unit: '袋', points: ['高纤维', '当日现烤'], specs: [['净含量', '400g']] },
  { file: 'scarf.jpg', name: '羊毛围巾', code: 'ACC-001', brand: '暖冬', category: '配饰', price: 15900, unit: '条', points: ['澳洲美利奴羊毛'], specs: [['材质', '100% 羊毛']] },
] as const;

/** Every material of the media folder stored as an upload of this enterprise and attached to the library: file id by name. */
async function storeMedia(deps: Deps, ctx: TenantCtx): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const names = readdirSync(MEDIA).filter((n) => !n.endsWith('-poster.jpg')).sort();
  const stored = async (name: string, kind: 'material' | 'poster') => {
    const permit = { e: ctx.enterprise.id, u: ctx.user.id, k: kind, m: maxUploadSize(kind), x: Math.floor(Date.now() / 1000) + 600 };
    return (await receive(deps, ctx, permit, createReadStream(join(MEDIA, name)), name)).id;
  };
  for (const name of names) {
    const id = await stored(name, 'material');
    const poster = name.endsWith('.mp4') ? await stored(name.replace(/\.mp4$/, '-poster.jpg'), 'poster') : undefined;
    const title = TITLES[name] ?? PRODUCTS.find((p) => p.file === name)?.name ?? name.replace(/\.[^.]+$/, '');
    await saveMaterial(deps, ctx, { id, title, posterId: poster });
    out.set(name, id);
  }
  return out;
}

const row = (data: Data, outcome: Outcome = 'enabled') => ({ data, outcome, reason: '画面信息不完整，请补充' });

export type DemoAdvertResult = { materials: number; products: number; contents: number; plans: number };

/** Seeds the demo enterprise's advertising once (nothing when it already has contents). */
export async function seedDemoAdvert(deps: Deps, opts: { enterpriseId: number; supervisor: DemoPerson; manager: DemoPerson; today?: string }): Promise<DemoAdvertResult> {
  const scope = { enterpriseId: opts.enterpriseId, userId: opts.supervisor.id };
  const [{ n }] = await deps.db.tx(scope, (q) => q.query<{ n: number }>('select count(*)::int as n from ad_contents where enterprise_id = $1', [opts.enterpriseId]));
  if (n > 0) return { materials: 0, products: 0, contents: 0, plans: 0 };
  const [manager, sup] = await deps.db.tx(scope, async (q) => [
    await ctxFor(q, opts.enterpriseId, opts.manager, ROLE.manager),
    await ctxFor(q, opts.enterpriseId, opts.supervisor, ROLE.supervisor),
  ]);
  const file = await storeMedia(deps, manager);
  const f = (name: string) => file.get(name)!;
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const year = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;

  const plans = await tenantTx(deps.db, sup, async (q) => {
    const products = await bulkImport(q, COMMODITY, manager, sup, PRODUCTS.map((p) => row(commodityData.parse({
      name: p.name, code: p.code, brand: p.brand, category: p.category, price: p.price, unit: p.unit,
      images: [f(p.file)], sellingPoints: p.points, specs: p.specs.map(([name, value]) => ({ name, value })),
    }))));
    const content = (data: Record<string, unknown>, outcome?: Outcome) => row(adContentData.parse(data), outcome);
    const big = { deviceType: 'big', orientation: 1 };
    const [welcome, arrivals, member, portrait, detailsTea, detailsScarf, compare, music] = await bulkImport(q, AD_CONTENT, manager, sup, [
      content({ name: '欢迎光临（默认视频）', adType: 'default', ...big, items: [{ fileId: f('welcome.mp4') }] }),
      content({ name: '新品上市轮播', adType: 'main', ...big, items: ['new-arrivals.jpg', 'breakfast.jpg', 'winter-drinks.jpg'].map((n) => ({ fileId: f(n), durationMs: 8000 })) }),
      content({ name: '会员日轮播', adType: 'main', ...big, items: ['member-day.jpg', 'weekend.jpg', 'green.jpg'].map((n) => ({ fileId: f(n) })) }),
      content({ name: '收银台竖屏推荐', adType: 'main', deviceType: 'pad', orientation: 0, items: ['pick-portrait.jpg', 'join-portrait.jpg'].map((n) => ({ fileId: f(n) })) }),
      content({ name: '龙井绿茶展示', adType: 'details', ...big, commodityIds: [products[0]], layout: 'left', items: [{ fileId: f('tea-green.jpg'), durationMs: 12_000 }] }),
      content({ name: '羊毛围巾展示', adType: 'details', ...big, commodityIds: [products[7]], layout: 'right', items: [{ fileId: f('scarf.jpg'), durationMs: 12_000 }] }),
      content({ name: '三款名茶对比', adType: 'compare', ...big, commodityIds: products.slice(0, 3), specNames: ['产地', '发酵', '冲泡水温', '净含量'] }),
      content({ name: '轻松背景音乐', adType: 'bgm', ...big, bgm: [{ fileId: f('calm.mp3') }], volume: 40 }),
    ]);
    await bulkImport(q, AD_CONTENT, manager, sup, [content({ name: '春节预热轮播（草稿）', adType: 'main', ...big, items: [{ fileId: f('weekend.jpg') }] }, 'draft')]);

    const plan = (data: Record<string, unknown>) => adPlanData.parse({ dateFrom: today, dateTo: year, ...data });
    const all = { p: ['31', '11', '44', '33', '51', '32', '42'] };
    const ids = await bulkImport(q, AD_PLAN, manager, sup, [
      row(plan({ name: '全天默认播放', priority: 1, targets: all, contents: [{ contentId: welcome, weight: 1 }, { contentId: arrivals, weight: 2 }], bgmContentId: music })),
      row(plan({ name: '上海早间新品', priority: 6, targets: { p: ['31'] }, dayparts: [{ from: '08:00', to: '12:00' }], contents: [{ contentId: arrivals, weight: 2 }, { contentId: detailsTea, weight: 1 }], aiPitches: 1 })),
      row(plan({ name: '晚间会员日', priority: 6, targets: { c: ['1101'], p: ['44'] }, weekdays: [3, 5, 6], dayparts: [{ from: '18:00', to: '22:00' }], contents: [{ contentId: member, weight: 1 }, { contentId: compare, weight: 1 }] })),
      row(plan({ name: '深夜安静时段', priority: 4, targets: { a: ['310101'] }, dayparts: [{ from: '22:00', to: '02:00' }], contents: [{ contentId: welcome, weight: 1 }] })),
      row(plan({ name: '收银台竖屏推荐', priority: 5, targets: all, deviceType: 'pad', orientation: 0, contents: [{ contentId: portrait, weight: 1 }] })),
      row(plan({ name: '冬季围巾推广', priority: 5, targets: { p: ['11', '32', '42'] }, contents: [{ contentId: detailsScarf, weight: 1 }, { contentId: arrivals, weight: 1 }] })),
      row(plan({ name: '春节预热计划', priority: 7, targets: all, contents: [{ contentId: member, weight: 1 }] }), 'submitted'),
    ]);
    return { products: products.length, ids };
  });
  const [fallback, ...launched] = plans.ids.slice(0, 6);
  await defaultPlan(deps, sup, fallback, 1);
  for (const id of [fallback, ...launched]) await throwPlan(deps, sup, id);
  return { materials: file.size, products: plans.products, contents: 9, plans: plans.ids.length };
}
