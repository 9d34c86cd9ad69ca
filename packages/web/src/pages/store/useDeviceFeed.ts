import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONSOLE_LIVE_PATH, type ConsoleLiveMessage } from '@vitrine/contract';
import { requestHeaders } from '../../api/client';
import { keys } from '../../api/keys';

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * While the device pages are open, the server's live feed (GET /api/device/live, a WebSocket that
 * says `devices` or `commands`) refreshes the device lists, the open device's commands and its
 * settings as screens answer, without a reload. The events name nothing: what is refetched is cut to
 * the caller's range by the calls themselves. A closed socket comes back after a growing, jittered
 * wait; one that was denied (no longer a member, no view of /store) does not.
 */
export function useDeviceFeed(): void {
  const client = useQueryClient();
  useEffect(() => {
    let ws: WebSocket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = RETRY_MIN_MS;
    let stopped = false;
    const refresh = (event: 'devices' | 'commands') => {
      void client.invalidateQueries({ queryKey: keys.lifecycle.all('device') });
      void client.invalidateQueries({ queryKey: event === 'commands' ? keys.device.allCommands : keys.device.all });
    };
    const open = () => {
      const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/${CONSOLE_LIVE_PATH}`;
      const socket = new WebSocket(url);
      ws = socket;
      socket.onopen = () => socket.send(JSON.stringify({ type: 'hello', headers: requestHeaders() }));
      socket.onmessage = (e) => {
        const msg = JSON.parse(String(e.data)) as ConsoleLiveMessage;
        if (msg.type === 'welcome') wait = RETRY_MIN_MS;
        else if (msg.type === 'denied') stopped = true;
        else refresh(msg.type);
      };
      socket.onclose = () => {
        if (stopped) return;
        timer = setTimeout(open, wait * (0.5 + Math.random()));
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      ws?.close();
    };
  }, [client]);
}
