import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { CallDef, lifecycleCalls } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { register } from '../plugins/register.js';
import type { LifecycleService } from './service.js';

/** The calls of any entity: the lifecycle's own fields typed, the entity's data left to the engine. */
type Open = Record<never, never>;
type Standard = ReturnType<typeof lifecycleCalls<string, Open, Open, Open>>;
/** A list's own filters may narrow the spec's filter fields (etType, DeviceType …): lists typed by what the engine reads. */
type ListCall = CallDef<z.ZodType<{ pageNum: number; pageSize: number }>, z.ZodType, 'tenant'>;
type Calls = Omit<Standard, 'myList' | 'applyList' | 'enableList'> & {
  myList: ListCall;
  applyList: ListCall;
  enableList: ListCall;
};

/**
 * The engine answers rows of any entity, so its calls are registered with the result left open; the
 * contract's result schema still checks every answer where checkResults is on (development, tests).
 */
export const rows = <B extends z.ZodType>(def: CallDef<B, z.ZodType, 'tenant'>) => def;

/** Register the standard calls of one entity; every input is the contract's, checked before the engine runs. */
export function registerLifecycle(app: FastifyInstance, deps: Deps, calls: Calls, s: LifecycleService) {
  register(app, deps, rows(calls.create), (i, ctx) => s.create(ctx, i));
  register(app, deps, rows(calls.get), (i, ctx) => s.get(ctx, i));
  register(app, deps, rows(calls.update), (i, ctx) => s.update(ctx, i));
  register(app, deps, rows(calls.copy), (i, ctx) => s.copy(ctx, i));
  register(app, deps, rows(calls.myList), (i, ctx) => s.myList(ctx, i));
  register(app, deps, rows(calls.apply), (i, ctx) => s.apply(ctx, i));
  register(app, deps, rows(calls.applyList), (i, ctx) => s.applyList(ctx, i));
  register(app, deps, rows(calls.examine), (i, ctx) => s.examine(ctx, i));
  register(app, deps, rows(calls.enableList), (i, ctx) => s.enableList(ctx, i));
  register(app, deps, rows(calls.setStatus), (i, ctx) => s.setStatus(ctx, i));
  register(app, deps, rows(calls.delete), (i, ctx) => s.delete(ctx, i));
  register(app, deps, rows(calls.recovery), (i, ctx) => s.recovery(ctx, i));
  register(app, deps, rows(calls.deleteOwn), (i, ctx) => s.deleteOwn(ctx, i));
  register(app, deps, rows(calls.recoveryOwn), (i, ctx) => s.recoveryOwn(ctx, i));
  register(app, deps, rows(calls.history), (i, ctx) => s.history(ctx, i));
  register(app, deps, rows(calls.logs), (i, ctx) => s.logs(ctx, i));
}
