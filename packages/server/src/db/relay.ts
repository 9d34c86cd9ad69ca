import { Redis } from 'ioredis';
import pg from 'pg';
import { RETRY_MAX_MS, RETRY_MIN_MS, Subscribers, type Listener } from './listen.js';

/** The session advisory lock the relaying instance holds (any constant; pg_advisory_lock(bigint)). */
export const RELAY_LOCK = 7_406_117_001;
/** The Redis channels of one database's notifications: `vitrine:<database>:<channel>` (installs may share a Redis). */
export const redisPrefix = (pgUrl: string) =>
  `vitrine:${decodeURIComponent(new URL(pgUrl).pathname.slice(1)) || 'postgres'}:`;

/**
 * Notifications through Redis pub/sub (REDIS_URL set; docs/decisions/0124). The triggers still
 * notify in PostgreSQL at commit: one instance of the cluster at a time, the one holding a session
 * advisory lock on its direct connection, LISTENs there and publishes each notification to Redis;
 * every instance (that one too) hears them from its Redis subscription. PostgreSQL keeps one
 * listening session instead of one per instance, and the others wait for the lock in a blocking
 * `pg_advisory_lock`: when the relaying session ends (its instance killed, its connection cut),
 * PostgreSQL releases the lock and the next waiter relays at once. A new relay publishes an empty
 * notification on every channel ("anything may have changed": what was sent with no relay is lost),
 * and so does a subscriber whose Redis connection came back. Same interface as PgListener.
 */
export class RedisRelay extends Subscribers {
  private sub: Redis;
  private pub: Redis;
  /** the direct session of the current campaign: waiting for the lock, or relaying */
  private session?: pg.Client;
  /** whether this instance relays now (tests read it) */
  relaying = false;
  private ready = false;
  private retryMs = RETRY_MIN_MS;
  private timer?: NodeJS.Timeout;
  private closed = false;
  private started?: Promise<void>;
  private prefix: string;

  constructor(
    private pgUrl: string,
    redisUrl: string,
  ) {
    super();
    this.prefix = redisPrefix(pgUrl);
    // a subscriber connection cannot publish; both reconnect on their own and resubscribe
    const opts = { lazyConnect: true, maxRetriesPerRequest: null };
    this.sub = new Redis(redisUrl, { ...opts, connectionName: 'vitrine-sub' });
    this.pub = new Redis(redisUrl, { ...opts, connectionName: 'vitrine-pub' });
    for (const r of [this.sub, this.pub]) r.on('error', () => undefined); // reconnects; logged by `close`/`ready`
    this.sub.on('message', (channel: string, message: string) => {
      if (channel.startsWith(this.prefix)) this.fire(channel.slice(this.prefix.length), message || undefined);
    });
    this.sub.on('ready', () => {
      if (this.ready) return; // the first connection (add() marks it)
      this.ready = true;
      this.setLive(true); // what was published while disconnected is lost
    });
    this.sub.on('close', () => {
      if (!this.ready || this.closed) return;
      this.ready = false;
      console.warn('Redis subscription lost; reconnecting');
      this.setLive(false);
    });
  }

  private at(channel: string): string {
    return this.prefix + channel;
  }

  async add(channel: string, sub: Listener): Promise<() => Promise<void>> {
    const isNew = this.join(channel, sub);
    await (this.started ??= Promise.all([this.sub.connect(), this.pub.connect()]).then(() => {
      this.ready = true;
      this.campaign();
    }));
    if (isNew) {
      await this.sub.subscribe(this.at(channel));
      if (this.relaying) await this.session?.query(`listen ${channel}`).catch(() => undefined);
    }
    sub.live?.(this.ready);
    return async () => {
      if (this.leave(channel, sub)) await this.sub.unsubscribe(this.at(channel)).catch(() => undefined);
    };
  }

  /** Wait for the relay's lock on a direct session; holding it, LISTEN and publish until the session ends. */
  private campaign(): void {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.pgUrl, application_name: 'vitrine-relay', keepAlive: true });
    this.session = client;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.session !== client) return;
      this.session = undefined;
      this.relaying = false;
      client.end().catch(() => undefined);
      if (this.closed) return;
      if (err) console.warn(`Relay's PostgreSQL session lost: ${err.message}; reconnecting`);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.campaign(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => void this.pub.publish(this.at(msg.channel), msg.payload ?? ''));
    void (async () => {
      await client.connect();
      this.retryMs = RETRY_MIN_MS;
      // waits, possibly for as long as another instance lives; never cut by a statement time limit
      await client.query('set statement_timeout = 0');
      await client.query('select pg_advisory_lock($1)', [RELAY_LOCK]);
      if (this.closed || lost) return;
      for (const channel of this.channels()) await client.query(`listen ${channel}`);
      this.relaying = true;
      // nobody relayed for a moment: whatever was notified then is lost, everyone checks again
      for (const channel of this.channels()) await this.pub.publish(this.at(channel), '');
    })().catch((err: Error) => onLost(err));
  }

  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    await this.started?.catch(() => undefined);
    const session = this.session;
    this.session = undefined;
    this.relaying = false;
    await session?.end().catch(() => undefined);
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
