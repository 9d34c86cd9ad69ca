import { ALL_BITS, PERM, ROLE, type Lang } from '@vitrine/contract';

/** The permission-menu catalogue seeded into every new enterprise (editable in permission management). */
export type MenuSeed = { path: string; title: string; titleEn: string; icon: string; children?: MenuSeed[]; mainOnly?: boolean };

export const DEFAULT_MENUS: MenuSeed[] = [
  { path: '/home', title: '首页', titleEn: 'Home', icon: 'HomeOutlined', children: [{ path: '/home/home', title: '首页', titleEn: 'Home', icon: 'HomeOutlined' }] },
  { path: '/store', title: '门店信息', titleEn: 'Store information', icon: 'ShopOutlined', children: [{ path: '/store/store', title: '门店管理', titleEn: 'Stores', icon: 'ShopOutlined' }] },
  { path: '/data', title: '数据中心', titleEn: 'Data centre', icon: 'BarChartOutlined', children: [{ path: '/data/count', title: '客流统计', titleEn: 'Visitor statistics', icon: 'LineChartOutlined' }] },
  { path: '/advert', title: '广告管理', titleEn: 'Advertising management', icon: 'PlaySquareOutlined' },
  { path: '/inform', title: '通知管理', titleEn: 'Notification management', icon: 'NotificationOutlined' },
  { path: '/incentives', title: '激励管理', titleEn: 'Incentive management', icon: 'TrophyOutlined' },
  { path: '/news', title: '消息', titleEn: 'Messages', icon: 'MessageOutlined' },
  {
    path: '/center', title: '个人中心', titleEn: 'Personal center', icon: 'UserOutlined',
    children: [
      { path: '/center/center', title: '个人中心', titleEn: 'Personal center', icon: 'UserOutlined' },
      { path: '/center/centerEditor', title: '编辑资料', titleEn: 'Edit profile', icon: 'EditOutlined' },
    ],
  },
  { path: '/enterprise', title: '企业管理', titleEn: 'Enterprise management', icon: 'ApartmentOutlined', mainOnly: true },
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

/** Default operation bits per role on each top-level menu path (DESIGN §4). */
export function defaultWeight(role: number, path: string): number {
  const top = '/' + path.split('/')[1];
  if (role === ROLE.supervisor) return ALL_BITS;
  if (role === ROLE.manager) {
    if (top === '/store' || top === '/data') return WORK | PERM.export;
    if (top === '/advert' || top === '/inform') return WORK;
    if (top === '/enterprise') return 0;
    return V;
  }
  // shop assistant: home, notifications (read and confirm), own incentives, messages, personal center
  if (['/home', '/inform', '/incentives', '/news', '/center'].includes(top)) return top === '/inform' ? V | PERM.submit : V;
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
