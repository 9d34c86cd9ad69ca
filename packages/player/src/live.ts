import { useEffect, useRef } from 'react';
import { DEVICE_API_PREFIX, LIVE_PATH, LiveClient, type LiveSocketLike } from '@vitrine/contract';
import type { Command } from './commands';

// The player's live socket (API.md "Live channel"): pushed commands go through the same handler as
// a heartbeat's, a pushed playlist ETag triggers the same refresh, `collect` heartbeats now. While
// it is down the heartbeat loop goes on at its own period (poll stays the truth).

export type LiveHandlers = { commands: (c: Command[]) => void; playlist: (etag: string) => void; collect: () => void };

/** The socket for this token, open while the player is mounted; `handlers` may change between renders. */
export function useLive(token: string, etag: () => string | undefined, handlers: LiveHandlers) {
  const live = useRef<LiveClient | null>(null);
  const on = useRef(handlers);
  on.current = handlers;
  const held = useRef(etag);
  held.current = etag;
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return undefined;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${DEVICE_API_PREFIX}/${LIVE_PATH}`;
    const client = new LiveClient({
      url,
      token: () => token,
      etag: () => held.current(),
      open: (u) => new WebSocket(u) as unknown as LiveSocketLike,
      onCommands: (c) => on.current.commands(c),
      onPlaylist: (e) => on.current.playlist(e),
      onCollect: () => on.current.collect(),
      // the socket went down: heartbeat now and from then on at the heartbeat's own period
      onState: (up) => void (!up && live.current === client ? on.current.collect() : undefined),
    });
    live.current = client;
    client.start();
    return () => {
      live.current = null;
      client.stop();
    };
  }, [token]);
  return live;
}
