import { parseArgs } from 'node:util';

// The simulator's command line, read without side effects: `npm run simulate -- --help` prints the
// usage, a wrong option or value prints the usage with what was wrong — never a stack trace.

export const SIMULATE_USAGE = `usage: npm run simulate -- [options]

Activates virtual screens of an enterprise through the real API and keeps them running:
heartbeats, plays that follow their playlists, visitors within opening hours, and faults.

  --devices N        how many enabled screens to drive (default: all)
  --speed X          visitors per hour relative to a real shop (default 1)
  --url URL          the server (default http://127.0.0.1:$PORT, PORT 3000)
  --phone P          console user who reads the devices (default: the demo supervisor)
  --password W       that user's password (default: the demo password)
  --enterprise NAME  the enterprise's title (default: the user's first)
  --history DAYS     backdated visitors and plays on first activation (default 0)
  -h, --help         this text`;

export type SimulateArgs = {
  devices?: number;
  speed: number;
  url?: string;
  phone?: string;
  password?: string;
  enterprise?: string;
  history: number;
};

export type Parsed = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; args: SimulateArgs };

const positive = (v: string | undefined, name: string, min: number): number | string | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= min && v.trim() !== '' ? n : `--${name} must be a number ≥ ${min} (got "${v}")`;
};

export function parseSimulateArgs(argv: string[]): Parsed {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean', short: 'h' },
        devices: { type: 'string' },
        speed: { type: 'string' },
        url: { type: 'string' },
        phone: { type: 'string' },
        password: { type: 'string' },
        enterprise: { type: 'string' },
        history: { type: 'string' },
      },
    }));
  } catch (err) {
    return { kind: 'error', message: (err as Error).message };
  }
  if (values.help) return { kind: 'help' };
  const str = (k: string) => values[k] as string | undefined;
  const devices = positive(str('devices'), 'devices', 1);
  const speed = positive(str('speed'), 'speed', Number.MIN_VALUE) ?? 1;
  const history = positive(str('history'), 'history', 0) ?? 0;
  const wrong = [devices, speed, history].find((v) => typeof v === 'string');
  if (typeof wrong === 'string') return { kind: 'error', message: wrong };
  if (typeof devices === 'number' && !Number.isInteger(devices))
    return { kind: 'error', message: `--devices must be a whole number (got "${str('devices')}")` };
  return {
    kind: 'run',
    args: {
      devices: devices as number | undefined,
      speed: speed as number,
      history: history as number,
      url: str('url'),
      phone: str('phone'),
      password: str('password'),
      enterprise: str('enterprise'),
    },
  };
}
