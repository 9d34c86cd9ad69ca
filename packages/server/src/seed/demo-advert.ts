import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  adContentData,
  adPlanData,
  aiPitchData,
  api,
  commodityData,
  fileUpload,
  ROLE,
  type CallDef,
} from '@vitrine/contract';
import { localDayOf } from '../lib/local-time.js';
import { tenantTx } from '../db/tenant.js';
import type { Deps } from '../deps.js';
import { defaultPlan, throwPlan } from '../domains/advert/plans.js';
import { permitFor, receive, saveMaterial, signature } from '../domains/files/service.js';
import { bulkImport, type Outcome } from '../lifecycle/bulk.js';
import { lifecycleService } from '../lifecycle/service.js';
import { runCall } from '../oplog/call.js';
import type { TenantCtx } from '../plugins/context.js';
import { AD_CONTENT, AD_PLAN, AI_PITCH, COMMODITY } from '../records/advert-entities.js';
import { ctxFor, type DemoPerson } from './demo-stores.js';

// The demo's advertising (issue 9 §7), through the services the console's calls run: the media
// uploaded (sniffed, content-addressed) and put in the materials library; products and contents of
// every ad type through the lifecycle's bulk path (the manager authors and submits, the supervisor
// approves); plans one by one through create → apply → examine (a plan's targets are kept per
// version, which the bulk path does not do), then launched with throw and a default plan set, so
// the simulated screens have something to play. The media are small files in ./media, made once
// by scripts/make-demo-media.mjs: nothing here needs ffmpeg.

const MEDIA = join(import.meta.dirname, 'media');
const POSTER = /-poster\.jpg$/;
/** The library's titles of the media files (product pictures take their product's name). */
const TITLES: Record<string, string> = {
  'new-arrivals.jpg': '新品上市横幅',
  'member-day.jpg': '会员日横幅',
  'winter-drinks.jpg': '冬季暖饮横幅',
  'breakfast.jpg': '早餐套餐横幅',
  'weekend.jpg': '周末特惠横幅',
  'green.jpg': '绿色生活横幅',
  'join-portrait.jpg': '扫码入会（竖屏）',
  'pick-portrait.jpg': '今日推荐（竖屏）',
  'welcome.mp4': '欢迎光临视频',
  'calm.mp3': '轻松背景音乐',
};

type Spec = [string, string][];
const TEA = (origin: string, ferment: string, water: string): Spec => [
  ['产地', origin],
  ['净含量', '250g'],
  ['发酵程度', ferment],
  ['冲泡水温', water],
  ['保质期', '18个月'],
];
const PRODUCTS: {
  file: string;
  name: string;
  code: string;
  brand: string;
  category: string;
  price: number;
  unit: string;
  points: string[];
  specs: Spec;
}[] = [
  {
    file: 'tea-green.jpg',
    name: '龙井绿茶',
    code: 'TEA-001',
    brand: '西湖',
    category: '茶叶',
    price: 6800,
    unit: '罐',
    points: ['明前采摘', '清香回甘', '高山茶园直采'],
    specs: TEA('浙江杭州', '不发酵', '80°C'),
  },
  {
    file: 'tea-black.jpg',
    name: '滇红红茶',
    code: 'TEA-002',
    brand: '凤庆',
    category: '茶叶',
    price: 5200,
    unit: '罐',
    points: ['蜜香浓郁', '暖胃'],
    specs: TEA('云南凤庆', '全发酵', '95°C'),
  },
  {
    file: 'tea-oolong.jpg',
    name: '安溪铁观音',
    code: 'TEA-003',
    brand: '安溪',
    category: '茶叶',
    price: 8800,
    unit: '罐',
    points: ['兰花香', '七泡有余香'],
    specs: TEA('福建安溪', '半发酵', '100°C'),
  },
  {
    file: 'water.jpg',
    name: '山泉水 550ml',
    code: 'DRK-001',
    brand: '维特琳',
    category: '饮料',
    price: 200,
    unit: '瓶',
    points: ['天然弱碱', '冷藏更佳'],
    specs: [
      ['容量', '550ml'],
      ['水源地', '浙江千岛湖'],
    ],
  },
  {
    file: 'coffee.jpg',
    name: '挂耳咖啡',
    code: 'DRK-002',
    brand: '晨光',
    category: '饮料',
    price: 3900,
    unit: '盒',
    points: ['中深烘焙', '10 包装'],
    specs: [
      ['产地', '云南普洱'],
      ['规格', '10g × 10'],
    ],
  },
  {
    file: 'yogurt.jpg',
    name: '原味酸奶',
    code: 'DAI-001',
    brand: '牧场',
    category: '乳品',
    price: 890,
    unit: '杯',
    points: ['0 添加蔗糖', '冷链直送'],
    specs: [
      ['净含量', '200g'],
      ['储存', '2–6°C 冷藏'],
    ],
  },
  {
    file: 'bread.jpg',
    name: '全麦面包',
    code: 'BAK-001',
    brand: '麦香',
    category: '烘焙',
    price: 1290,
    unit: '袋',
    points: ['高纤维', '当日现烤'],
    specs: [
      ['净含量', '400g'],
      ['保质期', '3天'],
    ],
  },
  {
    file: 'scarf.jpg',
    name: '羊毛围巾',
    code: 'ACC-001',
    brand: '暖冬',
    category: '配饰',
    price: 15900,
    unit: '条',
    points: ['澳洲美利奴羊毛', '亲肤不扎'],
    specs: [
      ['材质', '100% 羊毛'],
      ['尺寸', '180 × 30 cm'],
    ],
  },
];

type ContentSpec = {
  name: string;
  adType: string;
  deviceType: string;
  orientation: number;
  layout?: string;
  pictures?: { file: string; durationMs: number }[];
  products?: string[];
  specNames?: string[];
  music?: string[];
  volume?: number;
  draft?: boolean;
  /** named for the next occasion (nextOccasion): '<occasion><name>' */
  occasion?: boolean;
};
const big = { deviceType: 'big', orientation: 1 };
const pictures = (names: string[], durationMs = 0) => names.map((file) => ({ file, durationMs }));
/** The contents: materials by file name and products by code; the last one stays a draft. */
const CONTENTS = {
  welcome: { name: '欢迎光临（默认视频）', adType: 'default', ...big, pictures: pictures(['welcome.mp4']) },
  arrivals: {
    name: '新品上市轮播',
    adType: 'main',
    ...big,
    pictures: pictures(['new-arrivals.jpg', 'breakfast.jpg', 'winter-drinks.jpg'], 8000),
  },
  member: {
    name: '会员日轮播',
    adType: 'main',
    ...big,
    pictures: pictures(['member-day.jpg', 'weekend.jpg', 'green.jpg']),
  },
  portrait: {
    name: '收银台竖屏推荐',
    adType: 'main',
    deviceType: 'pad',
    orientation: 0,
    pictures: pictures(['pick-portrait.jpg', 'join-portrait.jpg']),
  },
  tea: {
    name: '龙井绿茶展示',
    adType: 'details',
    ...big,
    layout: 'left',
    products: ['TEA-001'],
    pictures: pictures(['tea-green.jpg'], 12_000),
  },
  scarf: {
    name: '羊毛围巾展示',
    adType: 'details',
    ...big,
    layout: 'right',
    products: ['ACC-001'],
    pictures: pictures(['scarf.jpg'], 12_000),
  },
  teas: {
    name: '三款名茶对比',
    adType: 'compare',
    ...big,
    products: ['TEA-001', 'TEA-002', 'TEA-003'],
    specNames: ['产地', '发酵程度', '冲泡水温', '净含量'],
    pictures: pictures(['tea-green.jpg', 'tea-black.jpg', 'tea-oolong.jpg'], 5000),
  },
  music: { name: '轻松背景音乐', adType: 'bgm', ...big, music: ['calm.mp3'], volume: 40 },
  warmup: {
    name: '预热轮播（草稿）',
    adType: 'main',
    ...big,
    pictures: pictures(['weekend.jpg', 'member-day.jpg']),
    draft: true,
    occasion: true,
  },
} satisfies Record<string, ContentSpec>;
type ContentKey = keyof typeof CONTENTS;

const ALL = ['31', '11', '44', '33', '32', '51', '42'];
const morning = { from: '08:00', to: '12:00' };
const evening = { from: '18:00', to: '22:00' };
type PlanState = 'launched' | 'approved' | 'submitted' | 'rejected';
type PlanSpec = {
  name: string;
  priority: number;
  targets: Record<string, string[]>;
  contents: [ContentKey, number][];
  state?: PlanState;
  isDefault?: boolean;
  dayparts?: { from: string; to: string }[];
  weekdays?: number[];
  deviceType?: string;
  orientation?: number;
  bgm?: boolean;
  aiPitches?: number;
  days?: number;
  /** a warm-up for the next occasion: named for it, from a month before it to its last day (nextOccasion) */
  occasion?: boolean;
};

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Fixed-date occasions a chain plans campaigns for: name, month, first and last day. A plan named
 * for one runs up to it and ends with it — never a 国庆 plan in November (issue 25 §6).
 */
const OCCASIONS: [string, number, number, number][] = [
  ['元旦', 1, 1, 3],
  ['女神节', 3, 8, 8],
  ['五一', 5, 1, 5],
  ['618', 6, 18, 18],
  ['开学季', 9, 1, 10],
  ['国庆', 10, 1, 7],
  ['双十一', 11, 11, 11],
  ['双十二', 12, 12, 12],
];
/** Days a warm-up plan runs before its occasion. */
const WARMUP_DAYS = 30;

/**
 * The first occasion at least a week after `today` (YYYY-MM-DD): its first day, and its warm-up from
 * WARMUP_DAYS before it (today at the earliest) to its last day.
 */
export function nextOccasion(today: string): { name: string; day: string; dateFrom: string; dateTo: string } {
  const year = Number(today.slice(0, 4));
  const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const soonest = addDays(today, 7);
  const [name, month, first, last, y] = [year, year + 1]
    .flatMap((y) => OCCASIONS.map(([n, m, f, l]) => [n, m, f, l, y] as const))
    .find(([, m, f, , y]) => iso(y, m, f) >= soonest)!;
  const start = iso(y, month, first);
  const warm = addDays(start, -WARMUP_DAYS);
  return { name, day: start, dateFrom: warm > today ? warm : today, dateTo: iso(y, month, last) };
}
/** One plan per province of the demo's store tree, an overnight one, one for the cash-desk tablets, the default, and one of each other state. */
const PLANS: PlanSpec[] = [
  {
    name: '全天默认播放',
    priority: 1,
    targets: { p: ALL },
    contents: [
      ['welcome', 1],
      ['arrivals', 2],
      ['portrait', 1],
    ],
    isDefault: true,
    bgm: true,
  },
  {
    name: '上海 · 早间新品',
    priority: 6,
    targets: { p: ['31'] },
    dayparts: [morning],
    contents: [
      ['arrivals', 2],
      ['tea', 1],
    ],
    aiPitches: 1,
  },
  {
    name: '北京 · 晚间会员日',
    priority: 7,
    targets: { p: ['11'] },
    weekdays: [3, 5, 6],
    dayparts: [evening],
    contents: [
      ['member', 1],
      ['teas', 1],
    ],
  },
  {
    name: '广东 · 早晚高峰',
    priority: 5,
    targets: { p: ['44'] },
    dayparts: [morning, evening],
    contents: [
      ['arrivals', 1],
      ['member', 1],
    ],
    bgm: true,
  },
  {
    name: '浙江 · 茶饮节',
    priority: 6,
    targets: { p: ['33'] },
    dayparts: [{ from: '10:00', to: '16:00' }],
    contents: [
      ['teas', 1],
      ['tea', 2],
    ],
  },
  {
    name: '江苏 · 早餐时段',
    priority: 8,
    targets: { p: ['32'] },
    dayparts: [{ from: '07:00', to: '10:00' }],
    contents: [['arrivals', 1]],
  },
  {
    // named for no season: it runs all year
    name: '四川 · 晚间好物推荐',
    priority: 4,
    targets: { p: ['51'] },
    dayparts: [{ from: '17:00', to: '21:00' }],
    contents: [
      ['scarf', 2],
      ['member', 1],
    ],
  },
  {
    name: '湖北 · 周末特惠',
    priority: 3,
    targets: { p: ['42'] },
    weekdays: [0, 6],
    dayparts: [{ from: '09:00', to: '22:00' }],
    contents: [
      ['member', 1],
      ['scarf', 1],
    ],
  },
  {
    name: '黄浦 · 深夜安静时段',
    priority: 9,
    targets: { a: ['310101'] },
    dayparts: [{ from: '22:00', to: '02:00' }],
    contents: [['welcome', 1]],
  },
  {
    name: '收银台竖屏推荐',
    priority: 5,
    targets: { p: ALL },
    deviceType: 'pad',
    orientation: 0,
    dayparts: [
      { from: '10:00', to: '14:00' },
      { from: '17:00', to: '21:00' },
    ],
    contents: [['portrait', 1]],
  },
  {
    name: '会员周末特惠（待投放）',
    priority: 6,
    targets: { p: ALL },
    contents: [
      ['member', 1],
      ['arrivals', 1],
    ],
    state: 'approved',
    days: 30,
  },
  {
    name: '夜宵档试投放',
    priority: 4,
    targets: { c: ['4403'] },
    dayparts: [{ from: '21:00', to: '23:30' }],
    contents: [['scarf', 1]],
    state: 'rejected',
    days: 30,
  },
  {
    name: '预热计划',
    priority: 10,
    targets: { p: ALL },
    contents: [['member', 1]],
    state: 'submitted',
    occasion: true,
  },
];
const REJECTED = '夜宵时段门店已打烊，请调整时段';

/** Every file of ./media uploaded by this person as a material (a video with its poster frame) and put in the library: file id by name. */
async function storeMedia(deps: Deps, ctx: TenantCtx): Promise<Map<string, number>> {
  const strict = deps.config.checkWrites === true;
  const upload = async (name: string, kind: 'material' | 'poster') => {
    const { permit } = await signature(deps, ctx, { kind, size: statSync(join(MEDIA, name)).size });
    return runCall(fileUpload, {}, strict, () =>
      receive(deps, ctx, permitFor(deps, ctx, permit), createReadStream(join(MEDIA, name)), name),
    );
  };
  const out = new Map<string, number>();
  for (const name of readdirSync(MEDIA)
    .filter((n) => /\.(jpg|png|mp4|mp3)$/.test(n) && !POSTER.test(n))
    .sort()) {
    const { id } = await upload(name, 'material');
    const poster = name.endsWith('.mp4')
      ? (await upload(name.replace(/\.mp4$/, '-poster.jpg'), 'poster')).id
      : undefined;
    const title = TITLES[name] ?? PRODUCTS.find((p) => p.file === name)?.name ?? name.replace(/\.[^.]+$/, '');
    const input = { id, title, posterId: poster };
    await runCall(api.file.save, input, strict, () => saveMaterial(deps, ctx, input));
    out.set(name, id);
  }
  return out;
}

/** Products and contents, enabled (the last content a draft): their ids by code and by key. */
async function seedCatalogue(
  deps: Deps,
  manager: TenantCtx,
  sup: TenantCtx,
  file: (name: string) => number,
  occasion: string,
) {
  return tenantTx(deps.db, sup, async (q) => {
    const row = (data: Record<string, unknown>, outcome: Outcome = 'enabled') => ({ data, outcome });
    const productIds = await bulkImport(
      q,
      COMMODITY,
      manager,
      sup,
      PRODUCTS.map((p) =>
        row(
          commodityData.parse({
            name: p.name,
            code: p.code,
            brand: p.brand,
            category: p.category,
            price: p.price,
            unit: p.unit,
            images: [file(p.file)],
            sellingPoints: p.points,
            specs: p.specs.map(([name, value]) => ({ name, value })),
          }),
        ),
      ),
    );
    const product = new Map(PRODUCTS.map((p, i) => [p.code, productIds[i]]));
    const keys = Object.keys(CONTENTS) as ContentKey[];
    const contentIds = await bulkImport(
      q,
      AD_CONTENT,
      manager,
      sup,
      keys.map((key) => {
        const {
          pictures: items = [],
          products = [],
          music = [],
          draft,
          occasion: named,
          ...rest
        }: ContentSpec = CONTENTS[key];
        return row(
          adContentData.parse({
            ...rest,
            name: named ? occasion + rest.name : rest.name,
            items: items.map((i) => ({ fileId: file(i.file), durationMs: i.durationMs })),
            commodityIds: products.map((code) => product.get(code)!),
            bgm: music.map((m) => ({ fileId: file(m) })),
          }),
          draft ? 'draft' : 'enabled',
        );
      }),
    );
    return { products: productIds.length, content: new Map(keys.map((k, i) => [k, contentIds[i]])) };
  });
}

/** The plans, one call after another as the console makes them; then the default set and the plans launched. */
async function seedPlans(
  deps: Deps,
  manager: TenantCtx,
  sup: TenantCtx,
  content: Map<ContentKey, number>,
  today: string,
): Promise<{ plans: number; launched: number }> {
  const strict = deps.config.checkWrites === true;
  const plans = lifecycleService(deps.db, AD_PLAN);
  const calls = api['ad-plan'];
  const as = <T>(def: CallDef, input: unknown, fn: () => Promise<T>) => runCall(def, input, strict, fn);
  const music = content.get('music');
  const launch: number[] = [];
  const occasion = nextOccasion(today);
  for (const p of PLANS) {
    const data = adPlanData.parse({
      name: p.occasion ? occasion.name + p.name : p.name,
      priority: p.priority,
      targets: p.targets,
      dateFrom: p.occasion ? occasion.dateFrom : today,
      dateTo: p.occasion ? occasion.dateTo : addDays(today, p.days ?? 365),
      contents: p.contents.map(([key, weight]) => ({ contentId: content.get(key), weight })),
      ...(p.weekdays ? { weekdays: p.weekdays } : {}),
      ...(p.dayparts ? { dayparts: p.dayparts } : {}),
      ...(p.deviceType ? { deviceType: p.deviceType, orientation: p.orientation } : {}),
      ...(p.bgm ? { bgmContentId: music } : {}),
      aiPitches: p.aiPitches ?? 0,
    });
    const id = Number((await as(calls.create, data, () => plans.create(manager, data))).id);
    await as(calls.apply, { id }, () => plans.apply(manager, { id }));
    const state = p.state ?? 'launched';
    if (state === 'submitted') continue;
    const review = state === 'rejected' ? { id, pass: 0 as const, reason: REJECTED } : { id, pass: 1 as const };
    await as(calls.examine, review, () => plans.examine(sup, review));
    if (p.isDefault) await as(calls.default, { id, isDefault: 1 }, () => defaultPlan(deps, sup, id, 1));
    if (state === 'launched') launch.push(id);
  }
  for (const id of launch) await as(calls.throw, { id }, () => throwPlan(deps, sup, id));
  return { plans: PLANS.length, launched: launch.length };
}

export type DemoAdvertResult = {
  materials: number;
  products: number;
  contents: number;
  plans: number;
  launched: number;
  pitches?: number;
};

/** A greeting for each gender and age band (the 15 cells), and two overrides for 黄浦 (310101). */
const GREETINGS: Record<number, string[]> = {
  1: [
    '小朋友你好，快来看看新到的零食！',
    '帅哥你好，新品咖啡第二杯半价',
    '先生您好，会员日满 100 减 20',
    '先生您好，好茶送礼正当时',
    '老先生您好，店员可以帮您挑选',
  ],
  2: [
    '小朋友你好，酸奶买一送一哦！',
    '美女你好，今日推荐冬季暖饮',
    '女士您好，扫码入会积分当钱花',
    '女士您好，全麦面包今日现烤',
    '阿姨您好，店员可以帮您挑选',
  ],
  0: [
    '欢迎光临！',
    '欢迎光临，新品上市',
    '欢迎光临，会员日满 100 减 20',
    '欢迎光临，好茶送礼正当时',
    '欢迎光临，店员可以为您服务',
  ],
};

/** Pitches for the 15 cells, enterprise-wide, and two district overrides — reviewed like any record. */
async function seedPitches(
  deps: Deps,
  manager: TenantCtx,
  sup: TenantCtx,
  content: Map<ContentKey, number>,
): Promise<number> {
  return tenantTx(deps.db, sup, async (q) => {
    const rows = Object.entries(GREETINGS).flatMap(([gender, texts]) =>
      texts.map((text, ageBand) => ({
        data: aiPitchData.parse({
          gender: Number(gender),
          ageBand,
          text,
          ...(ageBand === 1 ? { contentId: content.values().next().value } : {}),
        }),
        outcome: 'enabled' as Outcome,
      })),
    );
    rows.push(
      {
        data: aiPitchData.parse({
          gender: 1,
          ageBand: 2,
          text: '黄浦区的先生您好，今天会员日！',
          scope: { a: ['310101'] },
        }),
        outcome: 'enabled',
      },
      {
        data: aiPitchData.parse({
          gender: 2,
          ageBand: 2,
          text: '黄浦区的女士您好，今天会员日！',
          scope: { a: ['310101'] },
        }),
        outcome: 'enabled',
      },
    );
    return (await bulkImport(q, AI_PITCH, manager, sup, rows)).length;
  });
}

/**
 * Seeds the demo enterprise's advertising once: nothing when it already has products, contents or
 * plans. `today` (the enterprise's local day by default) is the first day of the plans.
 */
export async function seedDemoAdvert(
  deps: Deps,
  opts: { enterpriseId: number; supervisor: DemoPerson; manager: DemoPerson; today?: string },
): Promise<DemoAdvertResult> {
  const scope = { enterpriseId: opts.enterpriseId, userId: opts.supervisor.id };
  const [found] = await deps.db.tx(scope, (q) =>
    q.query<{ n: number; tz: string }>(
      `select (select count(*) from commodities where enterprise_id = $1) + (select count(*) from ad_contents where enterprise_id = $1)
          + (select count(*) from ad_plans where enterprise_id = $1) as n, (select time_zone from enterprises where id = $1) as tz`,
      [opts.enterpriseId],
    ),
  );
  if (Number(found.n) > 0) return { materials: 0, products: 0, contents: 0, plans: 0, launched: 0 };
  const [manager, sup] = await deps.db.tx(scope, async (q) => [
    await ctxFor(q, opts.enterpriseId, opts.manager, ROLE.manager),
    await ctxFor(q, opts.enterpriseId, opts.supervisor, ROLE.supervisor),
  ]);
  const files = await storeMedia(deps, manager);
  const today = opts.today ?? localDayOf(found.tz || 'Asia/Shanghai', Date.now());
  const catalogue = await seedCatalogue(deps, manager, sup, (name) => files.get(name)!, nextOccasion(today).name);
  const plans = await seedPlans(deps, manager, sup, catalogue.content, today);
  const pitches = await seedPitches(deps, manager, sup, catalogue.content);
  return { materials: files.size, products: catalogue.products, contents: catalogue.content.size, ...plans, pitches };
}
