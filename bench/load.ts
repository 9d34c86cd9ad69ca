import { connect, type Socket } from 'node:net';

/**
 * A small HTTP/1.1 load generator: a fixed number of keep-alive connections, one request in flight
 * on each, prebuilt request bytes. It parses only the status line and content-length, so it stays
 * far cheaper per request than the servers it measures. Always bounded: it stops after
 * `maxRequests` requests or `maxSeconds`, whichever comes first, and gives up on a stall.
 */
export type LoadOptions = {
  port: number;
  /** Raw requests, sent in turn (round-robin over all connections). */
  requests: Buffer[];
  connections: number;
  maxRequests: number;
  maxSeconds: number;
  /** Keep every response body (the login bench checks each one). */
  keepBodies?: boolean;
  /**
   * Paced (open-loop) load: request k is due at start + k / rate. Latency counts from when a request
   * was due, so a server falling behind shows it (no coordinated omission); use enough connections.
   */
  ratePerSecond?: number;
  /**
   * Requests sent in the first seconds are answered but not timed: the connections are opened and
   * the first requests of each queue up behind the server's accepting them (a burst no steady load has).
   */
  warmupSeconds?: number;
};

export type LoadResult = {
  completed: number;
  non200: number;
  seconds: number;
  rps: number;
  /** CPU the load generator itself used, in % of one core: well under 100 means it kept up. */
  clientCpu: number;
  /** Per-request latency in ms, in completion order. */
  latencies: number[];
  firstBody: string;
  bodies: string[];
};

const CRLFCRLF = Buffer.from('\r\n\r\n');

export function httpRequest(port: number, path: string, headers: Record<string, string>, body: string): Buffer {
  const lines = [`POST ${path} HTTP/1.1`, `host: 127.0.0.1:${port}`, 'connection: keep-alive'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const { port, requests, connections, maxRequests, maxSeconds } = opts;
  const latencies: number[] = [];
  const bodies: string[] = [];
  let firstBody = '';
  let sent = 0;
  let completed = 0;
  let non200 = 0;
  let open = 0;
  let lastProgress = performance.now();
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const deadline = start + maxSeconds * 1000;
  const timedFrom = start + (opts.warmupSeconds ?? 0) * 1000;
  const sockets: Socket[] = [];

  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      for (const s of sockets) s.destroy();
      const seconds = (performance.now() - start) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const clientCpu = ((cpu.user + cpu.system) / 1e6 / seconds) * 100;
      if (err) reject(err);
      else resolve({ completed, non200, seconds, rps: completed / seconds, clientCpu, latencies, firstBody, bodies });
    };
    // A stalled server must not hang the run: no response for 60 s (or past the deadline + 60 s) ends it.
    const watchdog = setInterval(() => {
      const now = performance.now();
      if (now - lastProgress > 60_000 || now > deadline + 60_000) finish(new Error(`load on port ${port} stalled`));
    }, 1000);

    const startConnection = () => {
      const socket = connect({ port, host: '127.0.0.1', noDelay: true });
      sockets.push(socket);
      open++;
      let buf: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      let timed = true;
      const sendNext = () => {
        if (sent >= maxRequests || performance.now() >= deadline) {
          socket.end();
          return;
        }
        const req = requests[sent % requests.length];
        const due = opts.ratePerSecond ? start + (sent / opts.ratePerSecond) * 1000 : 0;
        sent++;
        const wait = due - performance.now();
        const write = () => {
          sentAt = opts.ratePerSecond ? due : performance.now();
          timed = sentAt >= timedFrom;
          socket.write(req);
        };
        if (wait > 0) setTimeout(write, wait);
        else write();
      };
      socket.on('connect', sendNext);
      socket.on('data', (chunk: Buffer) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        for (;;) {
          const headEnd = buf.indexOf(CRLFCRLF);
          if (headEnd < 0) return;
          const head = buf.toString('latin1', 0, headEnd);
          const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!m) return finish(new Error(`response without content-length: ${head.split('\r\n')[0]}`));
          const total = headEnd + 4 + Number(m[1]);
          if (buf.length < total) return;
          const status = Number(head.slice(9, 12));
          if (status !== 200) non200++;
          if (completed === 0 || opts.keepBodies) {
            const body = buf.toString('utf8', headEnd + 4, total);
            if (completed === 0) firstBody = body;
            if (opts.keepBodies) bodies.push(body);
          }
          buf = buf.subarray(total);
          completed++;
          const now = performance.now();
          if (timed) latencies.push(now - sentAt);
          lastProgress = now;
          sendNext();
        }
      });
      socket.on('error', (err) => finish(err));
      socket.on('close', () => {
        open--;
        if (open === 0) finish();
      });
    };
    for (let i = 0; i < Math.min(connections, maxRequests); i++) startConnection();
  });
}

export const median = (xs: number[]) => quantile(xs, 0.5);

export function quantile(xs: number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
