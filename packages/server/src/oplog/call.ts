import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallDef } from '@vitrine/contract';

/**
 * The contract call being served, visible to every transaction it opens. The operation log reads
 * its declaration (verb, entity) from here, so no handler passes them and none can forget them.
 */
export type RunningCall = {
  def: CallDef;
  input: unknown;
  /** Tests: a transaction of a call that declares no log must not write (see oplog/settle.ts). */
  strict: boolean;
  /** A fallback row was written for this call already (one per call). */
  logged: boolean;
};

const running = new AsyncLocalStorage<RunningCall>();

/** Serve one call inside its scope (plugins/register.ts, and the hand-registered upload route). */
export function runCall<T>(def: CallDef, input: unknown, strict: boolean, fn: () => Promise<T>): Promise<T> {
  return running.run({ def, input, strict, logged: false }, fn);
}

export const runningCall = (): RunningCall | undefined => running.getStore();
