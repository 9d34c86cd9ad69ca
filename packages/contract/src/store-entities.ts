import { z } from 'zod';
import { DEVICE_TYPES } from './enums.js';
import { oneOf } from './describe.js';
import { id, int, optionalText, phone, text } from './fields.js';
import { parseHours } from './hours.js';

// The editable fields of the stores area's lifecycle entities (issue 4 §3–§4), and their read-only extras.

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
const optionalPhone = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .trim()
    .regex(/^[\d\-+ ]{5,20}$/, 'phone.format')
    .optional(),
);
const code = (digits: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${digits}}$`), 'field.invalid');

export const ET_TYPES = ['entrance', 'window', 'checkout', 'shelf', 'aisle', 'other'] as const;
export const AGE_BANDS = ['0-18', '19-29', '30-39', '40-49', '50+'] as const;
export const SHOP_LEVELS = [1, 2, 3] as const;

export const shopData = z.object({
  name: text(64),
  code: text(32).regex(/^[\w-]+$/, 'field.invalid'),
  /** 1 A, 2 B, 3 C (spec store type). */
  level: oneOf(SHOP_LEVELS),
  province: code(2),
  city: code(4),
  district: code(6),
  address: optionalText(200).default(''),
  phone: optionalPhone.default(''),
  managerId: optionalId.nullable().default(null),
  /** opening hours, e.g. 09:00-22:00 (see hours.ts); empty = 09:00-22:00 */
  hours: optionalText(64)
    .refine((v) => !v || parseHours(v) !== null, 'shop.hoursFormat')
    .default(''),
  /** m² */
  area: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number({ error: 'field.invalid' }).min(0, 'field.invalid').max(1e6, 'field.invalid').optional(),
    )
    .default(0),
});
export const shopView = z.object({ treeId: z.string(), managerName: z.string(), devices: z.number() });
export const shopFilter = z.object({ level: oneOf(SHOP_LEVELS).optional() });

export const etData = z.object({
  name: text(64),
  etType: z.enum(ET_TYPES, { error: 'field.invalid' }),
  shopId: id,
  remark: optionalText(200).default(''),
});
export const etView = z.object({ shopName: z.string() });
export const etFilter = z.object({ etType: z.enum(ET_TYPES).optional(), shopId: int.optional() });

export const employeeData = z.object({
  name: text(64),
  phone,
  /** 1 male, 2 female */
  gender: oneOf([1, 2]),
  shopId: id,
  deptId: optionalId.nullable().default(null),
  jobId: optionalId.nullable().default(null),
  /** Unix seconds */
  hireDate: z.preprocess((v) => (v === '' ? undefined : v), int.min(0).optional()).default(0),
});
/** userId: the enterprise member whose account has this phone, if any. */
export const employeeView = z.object({ shopName: z.string(), userId: z.number().nullable() });
export const personFilter = z.object({ gender: oneOf([1, 2]).optional(), shopId: int.optional() });

export const memberData = z.object({
  name: text(64),
  phone,
  gender: oneOf([1, 2]),
  ageBand: z.enum(AGE_BANDS, { error: 'field.invalid' }),
  level: z.preprocess((v) => (v === '' ? undefined : v), int.min(1).max(10).optional()).default(1),
  points: z.preprocess((v) => (v === '' ? undefined : v), int.min(0).max(1e9).optional()).default(0),
  shopId: id,
  /** Unix seconds */
  joined: z.preprocess((v) => (v === '' ? undefined : v), int.min(0).optional()).default(0),
});
/** Lists show the phone masked (138****0001); get shows it whole. */
export const memberView = z.object({ shopName: z.string(), phone: z.string() });

export const deviceData = z.object({
  code: text(64).regex(/^[\w-]+$/, 'field.invalid'),
  name: text(64),
  type: z.enum(DEVICE_TYPES, { error: 'field.invalid' }),
  /** 1 landscape, 0 portrait */
  orientation: oneOf([0, 1]),
  shopId: id,
  etId: optionalId.nullable().default(null),
  volume: z
    .preprocess((v) => (v === '' ? undefined : v), int.min(0, 'field.invalid').max(100, 'field.invalid').optional())
    .default(50),
  ai: z.preprocess((v) => (v === '' ? undefined : v), oneOf([0, 1]).optional()).default(0),
});
/** Reported by the device (heartbeat): status 0 offline, 1 abnormal, 3 playback abnormal, 7 normal. */
const settings = z.object({
  volume: z.number().optional(),
  direction: z.number().optional(),
  ai: z.number().optional(),
});
export const deviceView = z.object({
  shopName: z.string(),
  deviceStatus: z.number(),
  appVersion: z.string(),
  lastSeen: z.number().nullable(),
  treeId: z.string(),
  /** What the screen acknowledged applying (volume, direction = orientation, ai), over the configured values. */
  reported: settings,
  /** Settings sent and not yet acknowledged (the latest of each). */
  pending: settings,
});
export const deviceListFilter = z.object({
  DeviceType: z.enum(DEVICE_TYPES).optional(),
  Direction: oneOf([0, 1]).optional(),
  shopId: int.optional(),
});
