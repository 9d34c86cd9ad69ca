import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@vitrine/contract';
import { activeItem, canonicalPath, nodeForLocation, pageDenied, sideItems } from './menuTree';

let nextId = 1;
const node = (path: string, sort: number, children: MenuItem[] = []): MenuItem => ({
  id: nextId++,
  path,
  title: path,
  titleEn: path,
  icon: '',
  sort,
  level: 1,
  weight: 5,
  pid: 0,
  children,
});

const menu: MenuItem[] = [
  node('/home', 1, [
    node('/count', 2),
    node('/store', 1),
    node('advert', 3),
    node('/inform', 4),
    node('/incentives', 5),
  ]),
  node('/store', 2, [node('/store/store', 1), node('/store/manage_details', 2)]),
];

describe('side menu (spec §2)', () => {
  it('shows the children of the matched top-level node, sorted', () => {
    expect(sideItems(menu, '/home/home').map((m) => m.path)).toEqual([
      '/store',
      '/count',
      'advert',
      '/inform',
      '/incentives',
    ]);
    expect(sideItems(menu, '/store/manage_details').map((m) => m.path)).toEqual([
      '/store/store',
      '/store/manage_details',
    ]);
  });

  it('falls back to the home entries for paths without their own node', () => {
    expect(sideItems(menu, '/news').map((m) => m.path)[0]).toBe('/store');
  });

  it('marks the entry the location belongs to (/count covers /data)', () => {
    const items = sideItems(menu, '/home/home');
    expect(activeItem(items, '/data/count')?.path).toBe('/count');
    expect(activeItem(items, '/advert')?.path).toBe('advert');
    expect(activeItem(items, '/home/home')).toBeUndefined();
  });

  it('finds the deepest node for a location', () => {
    expect(nodeForLocation(menu, '/store/manage_details')?.path).toBe('/store/manage_details');
    expect(nodeForLocation(menu, '/data/count')?.path).toBe('/count');
  });

  it('navigates menu paths straight to where the redirects land', () => {
    expect(canonicalPath('count')).toBe('/data/count');
    expect(canonicalPath('/home')).toBe('/home/home');
    expect(canonicalPath('/advert')).toBe('/advert');
  });
});

describe('pages a role may not view (issue 25 §2)', () => {
  const assistant: MenuItem[] = [node('/home', 1, [node('/inform', 1)]), node('/inform', 2)];
  it("denies an area missing from the role's menu, or present without the view bit", () => {
    expect(pageDenied(assistant, '/store/store')).toBe(true);
    expect(pageDenied(assistant, '/advert')).toBe(true);
    expect(pageDenied(assistant, '/data/count')).toBe(true);
    expect(pageDenied([{ ...node('/advert', 1), weight: 4 }], '/advert')).toBe(true);
  });
  it("lets through what the menu grants, and the pages that are everyone's", () => {
    expect(pageDenied(assistant, '/inform')).toBe(false);
    expect(pageDenied(menu, '/store/manage_details')).toBe(false);
    expect(pageDenied(menu, '/data/count')).toBe(false);
    for (const p of ['/home/home', '/news', '/center/center', '/nowhere']) expect(pageDenied(assistant, p)).toBe(false);
  });
});
