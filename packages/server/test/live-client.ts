import WebSocket from 'ws';
import type { LiveServerMessage } from '@vitrine/contract';

/** A screen's live socket in a test: what it received, waiting for a message by type, its close code. */
export type TestSocket = {
  ws: WebSocket;
  received: LiveServerMessage[];
  next<T extends LiveServerMessage['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<LiveServerMessage, { type: T }>>;
  send(msg: unknown): void;
  closed: Promise<number>;
};

/** Open /device-api/live on a listening server (`base`: http://host:port) and, given a token, say hello. */
export async function openLive(base: string, hello?: { deviceToken: string; etag?: string }): Promise<TestSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/device-api/live`);
  const received: LiveServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    received.push(JSON.parse(String(data)) as LiveServerMessage);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const taken = new Set<number>();
  const next = <T extends LiveServerMessage['type']>(type: T, timeoutMs = 2000) =>
    new Promise<Extract<LiveServerMessage, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${type} within ${timeoutMs} ms (got ${JSON.stringify(received)})`)),
        timeoutMs,
      );
      const look = () => {
        const i = received.findIndex((m, k) => m.type === type && !taken.has(k));
        if (i >= 0) {
          taken.add(i);
          clearTimeout(timer);
          resolve(received[i] as Extract<LiveServerMessage, { type: T }>);
        } else waiters.push(look);
      };
      look();
    });
  const sock = { ws, received, next, send: (msg: unknown) => ws.send(JSON.stringify(msg)), closed };
  if (hello) sock.send({ type: 'hello', ...hello });
  return sock;
}
