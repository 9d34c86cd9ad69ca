import { post, screenshot } from './api';
import type { DeviceConfig } from './device';

// Commands from heartbeats (API.md): applied in their order, each acknowledged (ok 1) or failed
// (ok 0 with the reason); a command the ack did not reach comes back and is acknowledged again
// without being applied twice.

export type Command = { id: number; action: string; params: Record<string, unknown>; seq: number };
export type Effects = {
  config: (patch: Partial<DeviceConfig>) => void;
  refresh: () => Promise<void>;
  capture: () => Promise<Blob | null>;
  restart: () => void;
};

type Result = { ok: 0 | 1; message?: string; file?: number };
/** by command id, while applying too: a command pushed on the socket and polled at once is applied once */
const applied = new Map<number, Promise<Result>>();

async function apply(token: string, c: Command, fx: Effects): Promise<{ ok: 0 | 1; message?: string; file?: number }> {
  const n = (k: string) => Number(c.params[k]);
  switch (c.action) {
    case 'volume':
      fx.config({ volume: n('volume') });
      return { ok: 1 };
    case 'direction':
      fx.config({ direction: n('direction') });
      return { ok: 1 };
    case 'ai':
      fx.config({ ai: n('ai') });
      return { ok: 1 };
    case 'refresh':
      await fx.refresh();
      return { ok: 1 };
    case 'virtual-status':
      return { ok: 1 }; // the server applies it once acknowledged (a demo status shown in the console)
    case 'restart':
      return { ok: 1 };
    case 'screenshot': {
      const image = await fx.capture();
      if (!image) return { ok: 0, message: 'nothing on screen to capture' };
      return { ok: 1, file: await screenshot(token, c.id, image) };
    }
    default:
      return { ok: 0, message: `unknown action ${c.action}` };
  }
}

/**
 * Applies the commands of one heartbeat answer or live push and acknowledges them: over the live
 * socket when `ack` takes them, else POST ack.
 */
export async function runCommands(
  token: string,
  commands: Command[],
  fx: Effects,
  ack?: (results: ({ id: number } & Result)[]) => boolean,
): Promise<void> {
  if (!commands.length) return;
  const results = [];
  for (const c of [...commands].sort((a, b) => a.seq - b.seq)) {
    let r = applied.get(c.id);
    if (!r) {
      r = apply(token, c, fx).catch((err: unknown): Result => ({
        ok: 0,
        message: err instanceof Error ? err.message.slice(0, 200) : 'failed',
      }));
      applied.set(c.id, r);
    }
    results.push({ id: c.id, ...(await r) });
  }
  if (!ack?.(results)) await post('ack', token, { results });
  if (commands.some((c) => c.action === 'restart')) fx.restart();
}

/** The picture on the stage now, as a JPEG (an image or the current video frame). */
export async function captureStage(): Promise<Blob | null> {
  const el = document.querySelector<HTMLImageElement | HTMLVideoElement>('.vs-slide img, .vs-slide video');
  const stage = document.querySelector<HTMLElement>('[data-testid=vs-stage]');
  if (!el || !stage) return null;
  const canvas = document.createElement('canvas');
  const w = stage.offsetWidth / 2;
  const h = stage.offsetHeight / 2;
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d');
  if (!g) return null;
  g.fillStyle = '#000';
  g.fillRect(0, 0, w, h);
  g.drawImage(el, 0, 0, w, h);
  return new Promise((resolve) => canvas.toBlob((b) => resolve(b), 'image/jpeg', 0.8));
}
