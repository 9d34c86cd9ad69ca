import { z } from 'zod';
import { defineCall } from './call.js';
import { oneOf } from './describe.js';
import { deviceAdminCalls, deviceCommand } from './device-admin.js';
import { id, ids, int, json } from './fields.js';
import { geoApi, scopeFilter } from './geo.js';
import { lifecycleCalls } from './lifecycle.js';
import { listOf, paging } from './list.js';
import {
  deviceData,
  deviceListFilter,
  deviceView,
  employeeData,
  employeeView,
  etData,
  etFilter,
  etView,
  memberData,
  memberView,
  personFilter,
  shopData,
  shopFilter,
  shopView,
} from './store-entities.js';

export * from './geo.js';
export * from './lifecycle.js';
export * from './store-entities.js';
export * from './device-admin.js';

// Geography, the lifecycle entities of stores and devices, device controls, (issue 4); the generic search is in search.ts.
// Each key is an area (the first path segment); each value maps call names to defineCall(...).

const STORE = '/store';

export const MANAGE_ACTIONS = ['restart', 'refresh', 'screenshot'] as const;
const queued = z.object({ count: z.number(), commands: z.array(deviceCommand) });
/** `requestId`: the client's idempotency key; the same key on the same device queues once (blank = none). */
const requestId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(64, 'field.tooLong').optional(),
);
const control = <S extends z.ZodRawShape>(shape: S) => z.object({ ids, requestId, ...shape });
const virtualStatus = oneOf([0, 1, 3, 7] as const);
const flag = z.coerce
  .number({ error: 'field.invalid' })
  .pipe(z.union([z.literal(0), z.literal(1)], { error: 'field.invalid' }));
const controlValue = z.discriminatedUnion('control', [
  z.object({ control: z.literal('ai'), ai: flag }),
  z.object({ control: z.literal('landscape'), direction: flag }),
  z.object({
    control: z.literal('volume'),
    volume: z.coerce.number().int().min(0, 'field.invalid').max(100, 'field.invalid'),
  }),
  z.object({ control: z.literal('manage'), action: z.enum(MANAGE_ACTIONS, { error: 'field.invalid' }) }),
  z.object({ control: z.literal('virtual-status'), status: virtualStatus }),
]);
const publish = { menu: STORE, bit: 'publish' } as const;
/** Every remote control queues commands: the spec's verb `send`, one log row per device. */
const sent = { entity: 'device', verb: 'send' } as const;

const deviceControls = {
  ai: defineCall({
    path: 'device/ai',
    auth: 'tenant',
    perm: publish,
    log: sent,
    summary: 'Queue AI on/off for devices',
    body: control({ ai: flag }),
    result: queued,
  }),
  landscape: defineCall({
    path: 'device/landscape',
    auth: 'tenant',
    perm: publish,
    log: sent,
    summary: 'Queue an orientation change (1 landscape, 0 portrait)',
    body: control({ direction: flag }),
    result: queued,
  }),
  volume: defineCall({
    path: 'device/volume',
    auth: 'tenant',
    perm: publish,
    log: sent,
    summary: 'Queue a volume change (0–100)',
    body: control({
      volume: z.coerce
        .number({ error: 'field.invalid' })
        .int('field.invalid')
        .min(0, 'field.invalid')
        .max(100, 'field.invalid'),
    }),
    result: queued,
  }),
  manage: defineCall({
    path: 'device/manage',
    auth: 'tenant',
    perm: publish,
    log: sent,
    summary: 'Queue restart, refresh or screenshot',
    body: control({ action: z.enum(MANAGE_ACTIONS, { error: 'field.invalid' }) }),
    result: queued,
  }),
  virtualStatus: defineCall({
    path: 'device/virtual-status',
    auth: 'tenant',
    perm: publish,
    log: sent,
    summary: "Queue a virtual device's simulated status (0/1/3/7), for demos and the simulator",
    body: control({ status: virtualStatus }),
    result: queued,
  }),
  bulk: defineCall({
    path: 'device/bulk',
    auth: 'tenant',
    perm: publish,
    log: sent,
    summary: 'One control applied to every enabled device matching a filter (max 5000)',
    body: z
      .object({ value: json(controlValue), requestId })
      .extend(scopeFilter.shape)
      .extend(deviceListFilter.shape)
      .extend({ status: int.optional() })
      .strict(),
    result: z.object({ count: z.number() }),
  }),
  commands: defineCall({
    path: 'device/commands',
    auth: 'tenant',
    perm: { menu: STORE, bit: 'view' },
    summary: "A device's command queue, newest first",
    body: paging.extend({ id }),
    result: listOf(deviceCommand),
  }),
  collect: defineCall({
    path: 'device/collect',
    auth: 'tenant',
    perm: { menu: STORE, bit: 'view' },
    summary:
      'Ask the screen to heartbeat now through its live socket (its status and applied settings refresh); nothing is queued',
    body: z.object({ id }).strict(),
    result: z.object({}),
  }),
};

export const shopCalls = lifecycleCalls('shop', STORE, shopData, shopView, shopFilter);
export const etCalls = lifecycleCalls('et', STORE, etData, etView, etFilter);
export const employeeCalls = lifecycleCalls('employee', STORE, employeeData, employeeView, personFilter);
export const memberCalls = lifecycleCalls('member', STORE, memberData, memberView, personFilter);
export const deviceCalls = {
  ...lifecycleCalls('device', STORE, deviceData, deviceView, deviceListFilter),
  ...deviceControls,
  ...deviceAdminCalls,
};

export const storesApi = {
  ...geoApi,
  shop: shopCalls,
  et: etCalls,
  employee: employeeCalls,
  member: memberCalls,
  device: deviceCalls,
};
