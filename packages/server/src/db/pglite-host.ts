import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { pgliteOps, type PgliteAssets, type PgliteOps } from './pglite-ops.js';

/**
 * Where the embedded database runs its operations (db/pglite-ops.js): on a thread of its own
 * (`PgliteThread`, the server: a slow statement does not stall the event loop, ADR 0126), or on the
 * caller's (`PgliteInline`, the tests: no message round trip per statement, which on a machine
 * whose cores are all busy waits for two threads to be scheduled). db/client.ts sends one operation
 * at a time (it holds the session's mutex) and awaits its answer; a commit's notifications arrive
 * before its answer on both.
 */

/** What crosses the thread for an error: its message and PostgreSQL's fields (code, constraint…). */
type ErrorFields = { message: string } & Record<string, string | number | boolean>;
type Reply = { id: number; ok?: unknown; err?: ErrorFields } | { lid: number; payload: string };

export type Result = { rows: unknown[]; affectedRows: number };

export type HostOptions = {
  dataDir?: string;
  /** a data directory's tarball (PGlite's dumpDataDir), to start from: the tests' migrated template */
  loadDataDir?: Uint8Array;
  /** run the statements on the caller's thread (the tests); default: a thread of their own */
  inline?: boolean;
};

/** Compiled once per process: each new database would compile the two modules again (+1.2 s). */
let assets: Promise<PgliteAssets> | undefined;
function pgliteAssets() {
  assets ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, fsBundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((f) => readFile(join(dist, f))),
    );
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([pglite, initdb].map((b) => WebAssembly.compile(b)));
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Uint8Array(fsBundle) };
  })();
  return assets;
}

/** The operations as methods; a host says how one reaches the database (`send`) and what closing leaves. */
export abstract class PgliteHost {
  protected readonly listeners = new Map<number, (payload: string) => void>();
  protected nextId = 1;
  protected gone: Error | undefined;

  static async start(opts: HostOptions): Promise<PgliteHost> {
    const { inline, ...open } = opts;
    const host: PgliteHost = inline ? new PgliteInline(await pgliteAssets()) : await PgliteThread.take();
    try {
      await host.call('open', open);
    } catch (err) {
      host.gone = err as Error;
      host.release();
      throw err;
    }
    return host;
  }

  protected abstract send(op: string, args: Record<string, unknown>): Promise<unknown>;
  /** After `close`: the thread waits for the next database. */
  protected abstract release(): void;

  get closed(): boolean {
    return this.gone !== undefined;
  }

  call<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    return this.send(op, args) as Promise<T>;
  }

  query(sql: string, params?: unknown[]): Promise<Result> {
    return this.call('query', { sql, params });
  }

  /** `begin` (with the scope), one statement, `commit` — or `rollback` when it fails — in one call. */
  one(begin: string, sql: string, params?: unknown[]): Promise<Result> {
    return this.call('one', { begin, sql, params });
  }

  /** Several statements in one text (params: one statement); an open transaction it failed in is rolled back. */
  exec(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> {
    return this.call('exec', { sql, params });
  }

  async listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
    const lid = this.nextId++;
    this.listeners.set(lid, fn);
    await this.call('listen', { channel, lid });
    return async () => {
      await this.call('unlisten', { lid });
      this.listeners.delete(lid);
    };
  }

  /** The data directory as a tarball (the tests' migrated template). */
  dump(): Promise<Uint8Array> {
    return this.call('dump');
  }

  async close(): Promise<void> {
    if (this.gone) return;
    await this.call('close');
    this.gone = new Error('the database is closed');
    this.release();
  }
}

/** On the caller's thread: the operations are called directly (db/client.ts's mutex orders them). */
class PgliteInline extends PgliteHost {
  private readonly ops: PgliteOps;

  constructor(assets: PgliteAssets) {
    super();
    this.ops = pgliteOps(assets, (lid, payload) => this.listeners.get(lid)?.(payload));
  }

  protected send(op: string, args: Record<string, unknown>): Promise<unknown> {
    return this.ops[op](args);
  }

  protected release(): void {}
}

function rebuild(fields: ErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/** A worker thread hosting one database at a time; idle ones wait, not holding the process, for the next. */
type Host = { worker: Worker; owner?: PgliteThread };
const idle: Host[] = [];
const IDLE_KEPT = 2;

/** On a worker thread (db/pglite-worker.js): one message per operation, answered in order on one port. */
class PgliteThread extends PgliteHost {
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(private readonly host: Host) {
    super();
    host.owner = this;
  }

  static async take(): Promise<PgliteThread> {
    const kept = idle.pop();
    if (kept) {
      kept.worker.ref();
      return new PgliteThread(kept);
    }
    const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: await pgliteAssets() });
    const host: Host = { worker };
    worker.on('message', (m: Reply) => host.owner?.receive(m));
    const fail = (err: Error) => {
      if (idle.includes(host)) idle.splice(idle.indexOf(host), 1);
      host.owner?.fail(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread ended (exit code ${code})`)));
    return new PgliteThread(host);
  }

  private receive(m: Reply): void {
    if ('lid' in m) {
      this.listeners.get(m.lid)?.(m.payload);
      return;
    }
    const p = this.pending.get(m.id);
    this.pending.delete(m.id);
    if (m.err) p?.reject(rebuild(m.err));
    else p?.resolve(m.ok);
  }

  private fail(err: Error): void {
    this.gone ??= err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  protected send(op: string, args: Record<string, unknown>): Promise<unknown> {
    const id = this.nextId++;
    const site = new Error(); // where the statement was sent from: the stack an error shows
    return new Promise((resolve, reject) => {
      const fail = (err: Error) => {
        err.stack = `${err.name}: ${err.message}\n${site.stack?.split('\n').slice(3).join('\n') ?? ''}`;
        reject(err);
      };
      this.pending.set(id, { resolve, reject: fail });
      this.host.worker.postMessage({ id, op, ...args });
    });
  }

  protected release(): void {
    this.host.owner = undefined;
    if (idle.length >= IDLE_KEPT) void this.host.worker.terminate();
    else {
      this.host.worker.unref();
      idle.push(this.host);
    }
  }
}
