import { ALL_BITS, PERM, ROLE, type Lang } from '@vitrine/contract';

/**
 * The permission-menu catalogue every enterprise holds (editable in permission management). Adding
 * an area is one entry here (with `weights` when its per-role bits differ from its area's rule
 * below) plus a data migration calling `ensureMenus` (see db/migrations/0032_default_menus.ts), so
 * upgraded installs get it too.
 */
export type MenuSeed = {
  path: string;
  title: string;
  titleEn: string;
  icon: string;
  children?: MenuSeed[];
  mainOnly?: boolean;
  /** Default operation bits by role (1 shop assistant, 2 store manager, 3 supervisor), when not the area's rule. */
  weights?: Partial<Record<1 | 2 | 3, number>>;
};

export const DEFAULT_MENUS: MenuSeed[] = [
  {
    path: '/home',
    title: '首页',
    titleEn: 'Home',
    icon: 'HomeOutlined',
    children: [{ path: '/home/home', title: '首页', titleEn: 'Home', icon: 'HomeOutlined' }],
  },
  {
    path: '/store',
    title: '门店信息',
    titleEn: 'Store information',
    icon: 'ShopOutlined',
    children: [{ path: '/store/store', title: '门店管理', titleEn: 'Stores', icon: 'ShopOutlined' }],
  },
  {
    path: '/data',
    title: '数据中心',
    titleEn: 'Data centre',
    icon: 'BarChartOutlined',
    children: [{ path: '/data/count', title: '客流统计', titleEn: 'Visitor statistics', icon: 'LineChartOutlined' }],
  },
  { path: '/advert', title: '广告管理', titleEn: 'Advertising management', icon: 'PlaySquareOutlined' },
  { path: '/inform', title: '通知管理', titleEn: 'Notification management', icon: 'NotificationOutlined' },
  { path: '/incentives', title: '激励管理', titleEn: 'Incentive management', icon: 'TrophyOutlined' },
  { path: '/news', title: '消息', titleEn: 'Messages', icon: 'MessageOutlined' },
  {
    path: '/center',
    title: '个人中心',
    titleEn: 'Personal center',
    icon: 'UserOutlined',
    children: [
      { path: '/center/center', title: '个人中心', titleEn: 'Personal center', icon: 'UserOutlined' },
      { path: '/center/centerEditor', title: '编辑资料', titleEn: 'Edit profile', icon: 'EditOutlined' },
    ],
  },
  {
    path: '/enterprise',
    title: '企业管理',
    titleEn: 'Enterprise management',
    icon: 'ApartmentOutlined',
    mainOnly: true,
  },
];

/** The side menu's default entries on /home (spec §2), in order; a separator follows /count. */
export const HOME_ENTRIES: { path: string; from: string }[] = [
  { path: '/store', from: '/store' },
  { path: '/count', from: '/data' },
  { path: '/advert', from: '/advert' },
  { path: '/inform', from: '/inform' },
  { path: '/incentives', from: '/incentives' },
];

const V = PERM.view;
const WORK = PERM.view | PERM.create | PERM.update | PERM.delete | PERM.submit;

export type PlacedSeed = { seed: MenuSeed; parent: string | null; level: number; sort: number };

/** Every default menu, parents before children, with its place in the tree. */
export const MENU_SEEDS: PlacedSeed[] = (() => {
  const out: PlacedSeed[] = [];
  const walk = (seeds: MenuSeed[], parent: string | null, level: number) =>
    seeds.forEach((seed, i) => {
      out.push({ seed, parent, level, sort: (i + 1) * 10 });
      walk(seed.children ?? [], seed.path, level + 1);
    });
  walk(DEFAULT_MENUS, null, 1);
  return out;
})();
const SEED_BY_PATH = new Map(MENU_SEEDS.map((s) => [s.seed.path, s.seed]));

/** Default operation bits of a role on a menu path: the menu's own `weights`, else its area's rule (DESIGN §4). */
export function defaultWeight(role: number, path: string): number {
  const own = SEED_BY_PATH.get(path)?.weights?.[role as 1 | 2 | 3];
  if (own !== undefined) return own;
  const top = '/' + path.split('/')[1];
  if (role === ROLE.supervisor) return ALL_BITS;
  if (role === ROLE.manager) {
    if (top === '/store' || top === '/data') return WORK | PERM.export;
    if (top === '/advert' || top === '/inform') return WORK;
    if (top === '/enterprise') return 0;
    return V;
  }
  // shop assistant: home, notifications (read and confirm), own incentives, messages, personal center
  if (['/home', '/inform', '/incentives', '/news', '/center'].includes(top))
    return top === '/inform' ? V | PERM.submit : V;
  return 0;
}

export const DEFAULT_JOBS = (lang: Lang) => [
  { name: lang === 'en' ? 'Supervisor' : '督导', role: ROLE.supervisor },
  { name: lang === 'en' ? 'Store manager' : '店长', role: ROLE.manager },
  { name: lang === 'en' ? 'Shop assistant' : '店员', role: ROLE.assistant },
];

export const DEFAULT_DEPARTMENT = (lang: Lang) => (lang === 'en' ? 'Head office' : '总部');

export const ROLE_NAMES: Record<number, { zh: string; en: string }> = {
  1: { zh: '店员', en: 'Shop assistant' },
  2: { zh: '店长', en: 'Store manager' },
  3: { zh: '督导', en: 'Supervisor' },
};
