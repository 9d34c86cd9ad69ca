import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CONSOLE_LIVE_PATH,
  LIVE_CLOSE,
  RET,
  consoleHello,
  message,
  type ConsoleLiveEvent,
  type ConsoleLiveMessage,
} from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { envelope } from '../../plugins/protocol.js';
import { contextFor } from '../../plugins/register.js';
import type { TenantCtx } from '../../plugins/context.js';

/** How often one console hears an event at most (the sweep and a fleet's acks come in bursts). */
const COALESCE_MS = 500;
/** A console that has not said who it is by then is closed. */
const HELLO_MS = 5000;

const def = { path: CONSOLE_LIVE_PATH, auth: 'tenant', perm: { menu: '/store', bit: 'view' } } as const;

/**
 * GET /api/device/live (a WebSocket): the console's feed of device changes. Its first message is
 * the session's headers; the member is resolved and checked as by any call (the view of /store),
 * then hears `devices` / `commands` for its enterprise, coalesced.
 */
export function consoleFeedRoute(app: FastifyInstance, deps: Deps) {
  const feed = deps.device.feed;
  app.route({
    method: 'GET',
    url: `/${CONSOLE_LIVE_PATH}`,
    schema: {
      summary:
        'device: what changed, as it happens (WebSocket: hello with the session headers → welcome, then `devices`, `commands`; the console refetches)',
      tags: ['device'],
    },
    handler: (req, reply) =>
      reply
        .status(426)
        .header('upgrade', 'websocket')
        .send(envelope(RET.notFound, message('notFound.route', req.lang), null)),
    wsHandler: (ws: WebSocket & { alive?: boolean }, req: FastifyRequest) => {
      const send = (m: ConsoleLiveMessage) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(m));
      const pending = new Set<ConsoleLiveEvent>();
      let timer: NodeJS.Timeout | undefined;
      let unsubscribe: (() => void) | undefined;
      ws.alive = true;
      ws.on('pong', () => (ws.alive = true));
      ws.on('error', () => undefined);
      const hello = setTimeout(() => ws.close(LIVE_CLOSE.helloTimeout, 'hello expected'), HELLO_MS);
      ws.on('close', () => {
        clearTimeout(hello);
        clearTimeout(timer);
        unsubscribe?.();
      });
      ws.once('message', (data) => {
        clearTimeout(hello);
        let headers: Record<string, string>;
        try {
          headers = consoleHello.parse(JSON.parse(String(data))).headers;
        } catch {
          return ws.close(LIVE_CLOSE.badMessage, 'bad message');
        }
        // the member as any call resolves it: the session, the enterprise, the role, the view of /store
        const asked = Object.create(req, {
          headers: {
            value: {
              ...req.headers,
              ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
            },
          },
        }) as FastifyRequest;
        contextFor(deps, def as never, asked).then(
          (ctx) => {
            if (ws.readyState !== ws.OPEN) return;
            unsubscribe = feed.subscribe((ctx as TenantCtx).enterprise.id, {
              send: (e) => {
                pending.add(e);
                timer ??= setTimeout(() => {
                  timer = undefined;
                  for (const p of pending) send({ type: p });
                  pending.clear();
                }, COALESCE_MS);
              },
              end: () => ws.close(LIVE_CLOSE.goingAway, 'bye'),
            });
            send({ type: 'welcome' });
          },
          (err: unknown) => {
            const e = err instanceof AppError ? err : new AppError(RET.internal, 'internal');
            send({ type: 'denied', ret: e.ret, msg: message(e.key, req.lang) });
            ws.close(LIVE_CLOSE.unauthorized, 'denied');
          },
        );
        ws.on('message', () => undefined); // nothing else is listened to
      });
    },
  });
}
