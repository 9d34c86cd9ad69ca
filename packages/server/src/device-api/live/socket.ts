import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_CLOSE,
  LIVE_PATH,
  RET,
  liveClientMessage,
  message,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { envelope } from '../../plugins/protocol.js';
import { ack } from '../commands.js';
import { intervalOf } from '../config.js';
import { commandsOf } from '../device-row.js';
import { playlistEtag } from '../playlist.js';
import { tokenHash } from '../register.js';
import type { LiveConn } from './hub.js';

// GET /device-api/live (API.md "Live channel"): the socket of one screen. It says who it is in its
// first message (never in the URL); until then nothing else is accepted.

type Socket = WebSocket & { alive?: boolean };

const send = (ws: WebSocket, msg: LiveServerMessage) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
};

/** The screens' socket route; @fastify/websocket itself is registered once for the app (plugins/websocket.ts). */
export async function liveRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const { live, loop } = deps.device;
  // a socket that did not answer the last ping (a screen switched off, a dead NAT entry) is dropped
  if (loop.livePingMs > 0) {
    const timer = setInterval(() => {
      for (const ws of app.websocketServer.clients as Set<Socket>) {
        if (ws.alive === false) ws.terminate();
        else {
          ws.alive = false;
          ws.ping();
        }
      }
    }, loop.livePingMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  app.route({
    method: 'GET',
    url: `/${LIVE_PATH}`,
    schema: {
      summary: 'Live channel (WebSocket): hello → welcome, then pushed commands and playlist changes',
      tags: ['device-api'],
    },
    // a plain GET (no upgrade): 426 with the envelope, not an empty 404
    handler: (req, reply) =>
      reply
        .status(426)
        .header('upgrade', 'websocket')
        .send(envelope(RET.notFound, message('notFound.route', req.lang), null)),
    wsHandler: (ws: Socket) => {
      let conn: LiveConn | undefined;
      let chain = Promise.resolve();
      ws.alive = true;
      ws.on('pong', () => (ws.alive = true));
      const hello = setTimeout(() => ws.close(LIVE_CLOSE.helloTimeout, 'hello expected'), loop.liveHelloMs);
      ws.on('close', () => {
        clearTimeout(hello);
        if (conn) live.remove(conn);
      });
      ws.on('error', () => undefined); // a broken socket closes; nothing to tell

      const handle = async (msg: LiveClientMessage) => {
        if (!conn) {
          if (msg.type !== 'hello') return ws.close(LIVE_CLOSE.unauthorized, 'hello expected');
          return welcome(msg.deviceToken, msg.etag);
        }
        if (msg.type === 'hello') return; // said already
        if (!deps.device.limiter.hit(conn.dev.deviceId)) return; // a runaway screen: its messages are dropped
        if (msg.type === 'ping') return send(ws, { type: 'pong' });
        // results naming a file (a screenshot) are checked one by one; the rest are settled in batches
        if (msg.results.some((r) => r.file)) await ack(deps, conn.dev, { results: msg.results });
        else await deps.device.socketAcks.load({ dev: conn.dev, results: msg.results });
      };

      const welcome = async (token: string, heldEtag?: string) => {
        const hash = tokenHash(token.trim());
        // the heartbeat's lookup: the token, the device, its open commands (pending ones become delivered)
        const row = await deps.device.heartbeats.load(hash);
        if (ws.readyState !== ws.OPEN) return;
        if (!row) return ws.close(LIVE_CLOSE.unauthorized, 'unauthorized');
        clearTimeout(hello);
        const etag = await playlistEtag(
          deps.device.playlists,
          { enterpriseId: row.enterpriseId, deviceId: row.deviceId, shopId: row.shopId },
          { type: row.type, orientation: row.orientation, ai: row.ai, timezone: row.timezone },
          new Date(),
        );
        if (ws.readyState !== ws.OPEN) return;
        conn = { dev: row, hash, etag, send: (m) => send(ws, m), close: (code, reason) => ws.close(code, reason) };
        live.add(conn);
        send(ws, {
          type: 'welcome',
          serverTime: Date.now() / 1000,
          interval: intervalOf(row.deviceId, loop.liveHeartbeatSeconds),
        });
        const commands = commandsOf(row);
        if (commands.length) send(ws, { type: 'commands', commands });
        if (heldEtag !== undefined && heldEtag !== etag) send(ws, { type: 'playlist', etag });
      };

      ws.on('message', (data, isBinary) => {
        let parsed: ReturnType<typeof liveClientMessage.safeParse> | undefined;
        try {
          parsed = isBinary ? undefined : liveClientMessage.safeParse(JSON.parse(String(data)));
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) return ws.close(LIVE_CLOSE.badMessage, 'bad message');
        const msg = parsed.data;
        // one message at a time, in order (an ack right after hello waits for the welcome)
        chain = chain
          .then(() => handle(msg))
          .catch((err: unknown) => {
            app.log.warn({ err }, 'live: a message failed');
            ws.close(1011, 'server error');
          });
      });
    },
  });
}
