import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { LIVE_CLOSE, LIVE_MAX_MESSAGE } from '@vitrine/contract';
import type { Deps } from '../deps.js';

/**
 * WebSockets for the whole app, registered once (one upgrade handler for the server): the screens'
 * live channel (device-api/live/socket.ts) and the consoles' feed (device-api/live/feed-route.ts).
 * On a graceful shutdown every screen hears `bye` with when to come back, consoles are closed, and
 * both reconnect to another instance.
 */
export async function websockets(app: FastifyInstance, deps: Deps) {
  await app.register(websocket, {
    options: { maxPayload: LIVE_MAX_MESSAGE },
    preClose(done) {
      deps.device.live.bye();
      deps.device.feed.endAll();
      for (const ws of this.websocketServer.clients) ws.close(LIVE_CLOSE.goingAway, 'bye');
      this.websocketServer.close();
      done();
    },
  });
}
