import { CONSOLE_LIVE_EVENTS, type ConsoleLiveEvent } from '@vitrine/contract';
import { parseLive } from './hub.js';

/** The console's event of a live-channel notification (hub.ts parseLive), with its enterprise. */
export function consoleEventOf(payload: string): { enterpriseId: number; event: ConsoleLiveEvent } | undefined {
  const n = parseLive(payload);
  if (!n || n.kind === 'p' || n.kind === 'h') return undefined;
  return { enterpriseId: n.enterpriseId, event: n.kind === 'c' || n.kind === 'k' ? 'commands' : 'devices' };
}

type Sub = { send: (event: ConsoleLiveEvent) => void; end: () => void };

/**
 * The consoles listening on this instance, by enterprise. Every instance hears every notification;
 * each tells its own listeners of their enterprise only. An event names no record: the console
 * refetches through the calls that cut to the caller's range.
 */
export class ConsoleFeed {
  private subs = new Map<number, Set<Sub>>();

  get size(): number {
    let n = 0;
    for (const set of this.subs.values()) n += set.size;
    return n;
  }

  subscribe(enterpriseId: number, sub: Sub): () => void {
    let set = this.subs.get(enterpriseId);
    if (!set) this.subs.set(enterpriseId, (set = new Set()));
    set.add(sub);
    return () => {
      set.delete(sub);
      if (!set.size) this.subs.delete(enterpriseId);
    };
  }

  /** A notification of the live channel; none (the LISTEN connection came back): anything may have changed. */
  notify(payload?: string): void {
    if (payload === undefined) {
      for (const set of this.subs.values()) for (const s of set) CONSOLE_LIVE_EVENTS.forEach((e) => s.send(e));
      return;
    }
    const n = consoleEventOf(payload);
    if (!n) return;
    for (const s of this.subs.get(n.enterpriseId) ?? []) s.send(n.event);
  }

  /** Shutting down: every stream ends (the console reconnects to another instance). */
  endAll(): void {
    for (const set of this.subs.values()) for (const s of [...set]) s.end();
    this.subs.clear();
  }
}
