import { LIVE_CLOSE, type LiveServerMessage } from './live.js';

// The screen's side of the live channel, written once for the player (the browser's WebSocket) and
// the simulator (the `ws` package): hello, dispatch, pings, and reconnects with exponential backoff
// and full jitter. Poll stays the truth: while this is down the screen heartbeats as before.

/** What both the browser's WebSocket and `ws` offer. */
export type LiveSocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
};

export type Backoff = { baseMs: number; maxMs: number };
export const LIVE_BACKOFF: Backoff = { baseMs: 1000, maxMs: 60_000 };

/**
 * Full jitter (the delay is uniform in [0, min(max, base·2^attempt)]): after a restart the screens
 * of a whole chain come back spread over the window, never in step. `random` in [0, 1).
 */
export function backoffMs(attempt: number, b: Backoff = LIVE_BACKOFF, random: () => number = Math.random): number {
  const cap = Math.min(b.maxMs, b.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * cap);
}

type Commands = Extract<LiveServerMessage, { type: 'commands' }>['commands'];

export type LiveClientOptions = {
  /** ws(s)://host/device-api/live */
  url: string;
  token: () => string | undefined;
  /** the playlist ETag held, said in the hello */
  etag: () => string | undefined;
  open: (url: string) => LiveSocketLike;
  onCommands: (commands: Commands) => void;
  onPlaylist: (etag: string) => void;
  onCollect: () => void;
  /** connected (with the heartbeat period the welcome gave) or not */
  onState?: (connected: boolean, interval?: number) => void;
  backoff?: Backoff;
  /** how often to ping; a socket silent for two periods is given up and reopened */
  pingMs?: number;
  random?: () => number;
};

export class LiveClient {
  private ws?: LiveSocketLike;
  private attempt = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private pinger?: ReturnType<typeof setInterval>;
  private heardAt = 0;
  private stopped = true;
  /** the heartbeat period while connected (the welcome's), undefined while not */
  interval: number | undefined;

  constructor(private o: LiveClientOptions) {}

  get connected(): boolean {
    return this.interval !== undefined;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws?.close(1000, 'stop');
    this.down();
  }

  /** Acknowledge over the socket; false when it is not open (use POST ack). */
  ack(results: { id: number; ok: 0 | 1; message?: string; file?: number }[]): boolean {
    if (!this.connected || !this.ws) return false;
    this.ws.send(JSON.stringify({ type: 'ack', results }));
    return true;
  }

  private connect(): void {
    const token = this.o.token();
    if (this.stopped) return;
    if (!token) return this.retry();
    let ws: LiveSocketLike;
    try {
      ws = this.o.open(this.o.url);
    } catch {
      return this.retry();
    }
    this.ws = ws;
    ws.onopen = () => {
      const etag = this.o.etag();
      ws.send(JSON.stringify({ type: 'hello', deviceToken: token, ...(etag ? { etag } : {}) }));
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onerror = () => undefined; // onclose follows
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      this.down();
      // a refused token waits the longest: the heartbeat will tell the screen what happened
      if (ev.code === LIVE_CLOSE.unauthorized) this.attempt = 30;
      if (!this.stopped && !this.timer) this.retry();
    };
  }

  private receive(data: unknown): void {
    let msg: LiveServerMessage;
    try {
      msg = JSON.parse(String(data)) as LiveServerMessage;
    } catch {
      return;
    }
    this.heardAt = Date.now();
    switch (msg.type) {
      case 'welcome':
        this.attempt = 0;
        this.interval = msg.interval;
        this.startPings();
        this.o.onState?.(true, msg.interval);
        break;
      case 'commands':
        this.o.onCommands(msg.commands);
        break;
      case 'playlist':
        this.o.onPlaylist(msg.etag);
        break;
      case 'collect':
        this.o.onCollect();
        break;
      case 'bye':
        // the server is going away: come back when it said (it spread the delays), not at once
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.reconnect(), msg.reconnectInMs);
        break;
      case 'pong':
        break;
    }
  }

  private startPings(): void {
    const every = this.o.pingMs ?? 25_000;
    clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (Date.now() - this.heardAt > 2 * every) return this.ws?.close(4000, 'silent');
      this.ws?.send(JSON.stringify({ type: 'ping' }));
    }, every);
  }

  private down(): void {
    clearInterval(this.pinger);
    if (this.interval !== undefined) {
      this.interval = undefined;
      this.o.onState?.(false);
    }
  }

  private retry(): void {
    clearTimeout(this.timer);
    const ms = backoffMs(this.attempt++, this.o.backoff, this.o.random);
    this.timer = setTimeout(() => this.reconnect(), ms);
  }

  private reconnect(): void {
    this.timer = undefined;
    if (!this.stopped && !this.ws) this.connect();
  }
}
