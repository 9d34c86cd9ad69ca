// PGlite has a single session: one mutex orders every statement and transaction on it. Work a
// person waits for (a console call: db/limits.ts `isInteractive`) goes before queued background work
// (device calls, jobs, start-up): a screen's history upload queues hundreds of transactions, and
// behind them in arrival order a dashboard call waited seconds (issue 25 §7). Within each class the
// order is arrival; what holds the session is never interrupted.

export class Mutex {
  private busy = false;
  private readonly first: (() => void)[] = [];
  private readonly rest: (() => void)[] = [];

  /** Runs `fn` alone: after what holds the mutex, before any waiting non-`urgent` work when `urgent`. */
  async run<T>(fn: () => Promise<T>, urgent = false): Promise<T> {
    if (this.busy) await new Promise<void>((go) => (urgent ? this.first : this.rest).push(go));
    else this.busy = true;
    try {
      return await fn();
    } finally {
      const next = this.first.shift() ?? this.rest.shift();
      if (next) next();
      else this.busy = false;
    }
  }
}
