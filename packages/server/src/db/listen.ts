import pg from 'pg';

/**
 * What a LISTEN subscriber hears: a notification (with its payload when the sender gave one; none
 * after a reconnect, meaning "anything may have changed"), and whether notifications can arrive.
 */
export type Listener = { notify: (payload?: string) => void; live?: (live: boolean) => void };

export const RETRY_MIN_MS = 250;
export const RETRY_MAX_MS = 15_000;

/** This instance's subscribers by channel: what PgListener and RedisRelay (db/relay.ts) deliver to. */
export class Subscribers {
  private subs = new Map<string, Set<Listener>>();

  channels(): string[] {
    return [...this.subs.keys()];
  }

  /** Deliver a notification of `channel` to this instance's subscribers. */
  fire(channel: string, payload?: string) {
    for (const s of this.subs.get(channel) ?? []) s.notify(payload);
  }

  /** Subscribe; true when the channel is new here (the caller starts listening to it). */
  protected join(channel: string, sub: Listener): boolean {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    const isNew = !this.subs.has(channel);
    if (isNew) this.subs.set(channel, new Set());
    this.subs.get(channel)!.add(sub);
    return isNew;
  }

  /** Unsubscribe; true when nobody here listens to the channel any more (the caller stops). */
  protected leave(channel: string, sub: Listener): boolean {
    const set = this.subs.get(channel);
    set?.delete(sub);
    if (!set || set.size) return false;
    this.subs.delete(channel);
    return true;
  }

  /** Tell every subscriber whether notifications can arrive; back live, each is told "anything may have changed". */
  protected setLive(live: boolean) {
    for (const [channel, set] of this.subs) {
      for (const s of set) s.live?.(live);
      if (live) this.fire(channel);
    }
  }
}

/**
 * One dedicated connection per instance for LISTEN (a pooled client cannot hold it). When the
 * connection drops, subscribers are told they are not live (they must stop trusting what they
 * cached), it reconnects with backoff, and on success every subscriber is notified once, since
 * notifications sent meanwhile are lost.
 */
export class PgListener extends Subscribers {
  private client?: pg.Client;
  private connecting?: Promise<void>;
  private retryMs = RETRY_MIN_MS;
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(private url: string) {
    super();
  }

  async add(channel: string, sub: Listener): Promise<() => Promise<void>> {
    const isNew = this.join(channel, sub);
    if (!this.client) await (this.connecting ??= this.connect());
    // LISTEN twice is harmless; a connection made meanwhile may not have seen this channel
    if (isNew && this.client) await this.client.query(`listen ${channel}`);
    sub.live?.(!!this.client);
    return async () => {
      if (this.leave(channel, sub)) await this.client?.query(`unlisten ${channel}`).catch(() => undefined);
    };
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'vitrine-listen', keepAlive: true });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      console.warn(`PostgreSQL LISTEN connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
      this.setLive(false);
      this.schedule();
    };
    try {
      await client.connect();
      for (const channel of this.channels()) await client.query(`listen ${channel}`);
    } catch (err) {
      client.end().catch(() => undefined);
      this.connecting = undefined;
      if (this.closed) return;
      console.warn(`PostgreSQL LISTEN connection failed: ${(err as Error).message}; retrying`);
      this.schedule();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    client.on('notification', (msg) => this.fire(msg.channel, msg.payload || undefined));
    client.on('error', lost);
    client.on('end', () => lost());
    this.client = client;
    this.connecting = undefined;
    this.retryMs = RETRY_MIN_MS;
    this.setLive(true);
  }

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void (this.connecting ??= this.connect()), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
