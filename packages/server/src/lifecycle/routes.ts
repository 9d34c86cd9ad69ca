import type { FastifyInstance } from 'fastify';
import type { lifecycleCalls } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { register } from '../plugins/register.js';
import type { LifecycleService } from './service.js';

type Calls = ReturnType<typeof lifecycleCalls>;
type Key = Exclude<keyof LifecycleService, 'cfg'>;

/**
 * Register the standard calls of one entity. The engine works on untyped records (the data schema
 * is the entity's); the contract has validated the input and describes the output, so the handler
 * hands the engine's answer back as the call's result.
 */
export function registerLifecycle(app: FastifyInstance, deps: Deps, calls: Calls, service: LifecycleService) {
  const keys = Object.keys(calls) as (keyof Calls & Key)[];
  for (const key of keys) {
    const run = service[key] as (ctx: never, input: never) => Promise<unknown>;
    register(app, deps, calls[key], (input, ctx) => run(ctx as never, input as never) as never);
  }
}
