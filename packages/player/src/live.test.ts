import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE, LiveClient, backoffMs, type LiveSocketLike } from '@vitrine/contract';

// The live client's reconnects: exponential backoff with full jitter (uniform below a cap that
// doubles per failure up to the maximum), reset by a welcome; `bye` waits the server's delay.

describe('backoff with full jitter', () => {
  it('is uniform below a cap that doubles per attempt up to the maximum', () => {
    const b = { baseMs: 1000, maxMs: 60_000 };
    expect([0, 1, 2, 3, 10, 50].map((a) => backoffMs(a, b, () => 0.999999))).toEqual([
      999, 1999, 3999, 7999, 59_999, 59_999,
    ]);
    expect(backoffMs(5, b, () => 0)).toBe(0);
    // full jitter: 10,000 screens after a restart are spread over the whole window, not in step
    const delays = Array.from({ length: 10_000 }, () => backoffMs(4, b));
    const buckets = [0, 0, 0, 0];
    for (const d of delays) buckets[Math.floor(d / 4000)]++;
    expect(Math.max(...delays)).toBeLessThan(16_000);
    for (const n of buckets) expect(n).toBeGreaterThan(2200);
  });
});

class FakeSocket implements LiveSocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: LiveSocketLike['onopen'] = null;
  onmessage: LiveSocketLike['onmessage'] = null;
  onclose: LiveSocketLike['onclose'] = null;
  onerror: LiveSocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  hear(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

describe('the live client', () => {
  let sockets: FakeSocket[];
  let client: LiveClient;
  const seen: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    client = new LiveClient({
      url: 'ws://x/device-api/live',
      token: () => 'tok',
      etag: () => 'pl-1',
      open: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      onCommands: (c) => seen.push(`commands ${c.length}`),
      onPlaylist: (e) => seen.push(`playlist ${e}`),
      onCollect: () => seen.push('collect'),
      backoff: { baseMs: 1000, maxMs: 8000 },
      random: () => 0.5,
      pingMs: 0x7fffffff,
    });
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('says hello with its token and ETag, then dispatches what it hears', () => {
    client.start();
    sockets[0].open();
    expect(sockets[0].sent).toEqual([{ type: 'hello', deviceToken: 'tok', etag: 'pl-1' }]);
    sockets[0].hear({ type: 'welcome', serverTime: 1, interval: 180 });
    expect(client.connected).toBe(true);
    expect(client.interval).toBe(180);
    sockets[0].hear({ type: 'playlist', etag: 'pl-2' });
    sockets[0].hear({ type: 'commands', commands: [{ id: 1, action: 'refresh', params: {}, ctime: 0, seq: 1 }] });
    sockets[0].hear({ type: 'collect' });
    expect(seen.splice(0)).toEqual(['playlist pl-2', 'commands 1', 'collect']);
    expect(client.ack([{ id: 1, ok: 1 }])).toBe(true);
  });

  it('reconnects after half of a doubling cap (random 0.5), resets on welcome, waits the longest after 4401, and as told after bye', () => {
    client.start();
    for (const [i, wait] of [500, 1000, 2000, 4000, 4000].entries()) {
      sockets[i].close(1006);
      expect(client.connected).toBe(false);
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(i + 2);
    }
    const s = sockets[5];
    s.open();
    s.hear({ type: 'welcome', serverTime: 1, interval: 180 });
    s.close(1006);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(7);
    sockets[6].close(LIVE_CLOSE.unauthorized);
    vi.advanceTimersByTime(3999);
    expect(sockets).toHaveLength(7);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(8);
    sockets[7].open();
    sockets[7].hear({ type: 'bye', reconnectInMs: 2500 });
    sockets[7].close(LIVE_CLOSE.goingAway);
    vi.advanceTimersByTime(2499);
    expect(sockets).toHaveLength(8);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(9);
    expect(client.ack([])).toBe(false);
  });
});
