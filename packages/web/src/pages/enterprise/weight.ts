import { PERM, type PermBit, type RoleMenu } from '@vitrine/contract';

// A menu item's `weight` is a bit set of operations (DESIGN §4): 1 view, 2 create, 4 update,
// 8 delete, 16 submit, 32 examine, 64 publish, 128 export. The permission screen shows one checkbox
// per bit; these helpers translate between the two and keep the rule that any operation needs view.

export const BIT_NAMES = Object.keys(PERM) as PermBit[];

export function hasBit(weight: number, bit: PermBit): boolean {
  return (weight & PERM[bit]) !== 0;
}

/** The checked boxes of a weight, in the order of PERM. */
export function bitsOf(weight: number): PermBit[] {
  return BIT_NAMES.filter((name) => hasBit(weight, name));
}

export function weightOf(bits: readonly PermBit[]): number {
  return bits.reduce((w, name) => w | PERM[name], 0);
}

/**
 * Ticking or unticking one box. An operation without view is meaningless (the menu would be
 * hidden), so ticking any operation ticks view and unticking view clears the row.
 */
export function toggleBit(weight: number, bit: PermBit, on: boolean): number {
  if (on) return weight | PERM[bit] | PERM.view;
  if (bit === 'view') return 0;
  return weight & ~PERM[bit];
}

export const FULL_WEIGHT = weightOf(BIT_NAMES);

/** Every menu of the tree with its current weight (edits overriding the server's). */
export function flattenWeights(
  menus: readonly RoleMenu[],
  edits: ReadonlyMap<number, number>,
): { menuId: number; weight: number }[] {
  const out: { menuId: number; weight: number }[] = [];
  const walk = (list: readonly RoleMenu[]) => {
    for (const m of list) {
      out.push({ menuId: m.menuId, weight: edits.get(m.menuId) ?? m.weight });
      walk(m.children);
    }
  };
  walk(menus);
  return out;
}
