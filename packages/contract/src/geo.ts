import { z } from 'zod';
import { defineCall } from './call.js';
import { DEVICE_TYPES } from './enums.js';
import { empty, int, json } from './fields.js';
import { filter, listOf, range } from './list.js';

// Geography (spec §3 tree node, §7 Geography): GB/T 2260 regions and the shops and devices in them.

/**
 * Tree ids: 2 digits province, 4 city, 6 district (spec: "the id length tells the level"); a shop is
 * `s` + its id padded to 8 digits (9 characters, "longer = shop"), a device `d` + 8 digits.
 */
export const shopTreeId = (id: number) => `s${String(id).padStart(8, '0')}`;
export const deviceTreeId = (id: number) => `d${String(id).padStart(8, '0')}`;
/** A shop id from a range's `s` entry: the tree id or the plain id. */
export function shopIdOf(s: string): number | null {
  const m = /^s?0*(\d{1,9})$/.exec(s);
  return m ? Number(m[1]) : null;
}

export const region = z.object({
  id: z.string(),
  pid: z.string(),
  name: z.string(),
  title: z.string(),
  level: z.number(),
});
export type TreeNode = {
  id: string;
  pid: string;
  name: string;
  title: string;
  /** Shops below (or devices, when the tree is asked with kind=device). */
  num: number;
  leaf: boolean;
  /** shop or device nodes: the record id. */
  recordId: number | null;
  /** The spec's tree node key: the loaded children; geo/tree loads one level, so always `[]` there. */
  children: TreeNode[];
};
export const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    pid: z.string(),
    name: z.string(),
    title: z.string(),
    num: z.number(),
    leaf: z.boolean(),
    recordId: z.number().nullable(),
    children: z.array(treeNode),
  }),
);

const code = (digits: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${digits}}$`), 'field.invalid');
const deviceType = z.enum(DEVICE_TYPES, { error: 'field.invalid' });
const orientation = z.coerce
  .number({ error: 'field.invalid' })
  .pipe(z.union([z.literal(0), z.literal(1)], { error: 'field.invalid' }));
export const scopeFilter = z.strictObject({
  areaRange: json(range).optional(),
  shopRange: json(range).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const deviceFilter = z.object({
  DeviceType: deviceType.optional(),
  Direction: orientation.optional(),
  /** device status 0/1/3/7, or online 301/302. */
  status: int.optional(),
  shopId: int.optional(),
});

export const shopBrief = z.object({
  id: z.number(),
  treeId: z.string(),
  name: z.string(),
  code: z.string(),
  level: z.number(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  online: z.number(),
  devices: z.number(),
});
export const deviceBrief = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  orientation: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  deviceStatus: z.number(),
  online: z.number(),
  lastSeen: z.number().nullable(),
});

const list = z.object({ list: z.array(region) });
const count = z.object({ count: z.number() });

export const geoApi = {
  geo: {
    provinces: defineCall({
      path: 'geo/provinces',
      auth: 'tenant',
      summary: 'Provinces (GB/T 2260, 2 digits)',
      body: empty,
      result: list,
    }),
    cities: defineCall({
      path: 'geo/cities',
      auth: 'tenant',
      summary: 'Cities of a province (4 digits)',
      body: z.object({ id: code(2) }),
      result: list,
    }),
    areas: defineCall({
      path: 'geo/areas',
      auth: 'tenant',
      summary: 'Districts of a city (6 digits)',
      body: z.object({ id: code(4) }),
      result: list,
    }),
    tree: defineCall({
      path: 'geo/tree',
      auth: 'tenant',
      summary:
        'Children of a tree node (empty id = provinces): regions with shops in my range, then shops (then devices)',
      body: z.object({
        id: z.string().trim().max(12).optional().default(''),
        kind: z.enum(['shop', 'device']).default('shop'),
      }),
      result: z.object({ list: z.array(treeNode) }),
    }),
    shopCount: defineCall({
      path: 'geo/shop-count',
      auth: 'tenant',
      summary: 'Enabled shops in a range, cut to my range',
      body: scopeFilter,
      result: count,
    }),
    shops: defineCall({
      path: 'geo/shops',
      auth: 'tenant',
      summary: 'Enabled shops in a range, cut to my range',
      body: filter.extend(scopeFilter.shape),
      result: listOf(shopBrief),
    }),
    deviceCount: defineCall({
      path: 'geo/device-count',
      auth: 'tenant',
      summary: 'Enabled devices in a range, cut to my range',
      body: scopeFilter.extend(deviceFilter.shape),
      result: count,
    }),
    devices: defineCall({
      path: 'geo/devices',
      auth: 'tenant',
      summary: 'Enabled devices in a range, cut to my range',
      body: filter.extend(scopeFilter.shape).extend(deviceFilter.shape),
      result: listOf(deviceBrief),
    }),
  },
};
