import { describe, expect, it } from 'vitest';
import type { RoleMenu } from '@vitrine/contract';
import { bitsOf, FULL_WEIGHT, flattenWeights, hasBit, toggleBit, weightOf } from './weight';

const menu = (menuId: number, weight: number, children: RoleMenu[] = []): RoleMenu => ({
  menuId,
  pid: 0,
  path: `/m${menuId}`,
  title: 't',
  titleEn: 't',
  icon: '',
  sort: 0,
  level: 1,
  weight,
  bits: [],
  children,
});

describe('weight bits ↔ checkboxes', () => {
  it('decodes a weight into its boxes in order', () => {
    expect(bitsOf(0)).toEqual([]);
    expect(bitsOf(1 + 4 + 32)).toEqual(['view', 'update', 'examine']);
    expect(bitsOf(255)).toEqual(['view', 'create', 'update', 'delete', 'submit', 'examine', 'publish', 'export']);
  });

  it('encodes boxes back into the same weight', () => {
    for (const w of [0, 1, 3, 17, 129, 255]) expect(weightOf(bitsOf(w))).toBe(w);
    expect(FULL_WEIGHT).toBe(255);
    expect(hasBit(64, 'publish')).toBe(true);
    expect(hasBit(64, 'export')).toBe(false);
  });

  it('ticking an operation also ticks view; unticking view clears the row', () => {
    expect(toggleBit(0, 'delete', true)).toBe(9);
    expect(toggleBit(9, 'delete', false)).toBe(1);
    expect(toggleBit(255, 'view', false)).toBe(0);
    expect(toggleBit(0, 'view', true)).toBe(1);
  });

  it('flattens the tree with edits applied', () => {
    const tree = [menu(1, 1, [menu(2, 3)]), menu(3, 0)];
    expect(flattenWeights(tree, new Map([[2, 7]]))).toEqual([
      { menuId: 1, weight: 1 },
      { menuId: 2, weight: 7 },
      { menuId: 3, weight: 0 },
    ]);
  });
});
