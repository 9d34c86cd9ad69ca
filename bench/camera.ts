/**
 * The audience detector in headless Chromium without a GPU (issue 26, docs/decisions/0112):
 * `npx tsx bench/camera.ts`. Builds the player, serves its dist on 127.0.0.1 with a bench page that
 * drives the player's own audience chunk and detector worker, and measures:
 * 1. inference ms per frame (the worker's time) on face-api's sample photos at input sizes 224/320/416,
 *    and agreement with hand labels (faces found, gender, age band within one band);
 * 2. a fake camera showing a photo while a 1080p video plays: analysed frames a second, the share of
 *    a core Chromium uses with detection on and off, and the video's dropped frames on vs off.
 * Rounds alternate off/on (BENCH_CAMERA_ROUNDS, default 2; BENCH_CAMERA_SECONDS per phase, 15).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { fakeCameraArgs, i420, writeY4m } from '../packages/web/e2e/fake-camera.js';
import { MODEL_DIR } from '../packages/player/src/audience/models.js';
import type { Face } from '../packages/player/src/audience/protocol.js';
import { ageBandOf as ageBand } from '../packages/contract/src/constants.js';
import { BENCH_HTML, BENCH_JS } from './camera-page.js';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'packages/player/dist');
const PHOTOS = join(ROOT, 'node_modules/@vladmandic/face-api/demo');
const num = (name: string, fallback: number) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : fallback);
const ROUNDS = num('BENCH_CAMERA_ROUNDS', 2);
const SECONDS = num('BENCH_CAMERA_SECONDS', 15);

/**
 * Hand labels of face-api's sample photos (MIT, shipped in its npm package): every face a person can
 * see is a woman; the age band is our reading (1: 19-29, 2: 30-39). Faces turned away or hidden
 * count as present; the detector is judged on those it finds and on how many it finds.
 */
export const LABELS: Record<string, { faces: number; gender: 1 | 2; band: number }> = {
  'sample1.jpg': { faces: 3, gender: 2, band: 1 },
  'sample2.jpg': { faces: 3, gender: 2, band: 1 },
  'sample3.jpg': { faces: 3, gender: 2, band: 2 },
  'sample4.jpg': { faces: 4, gender: 2, band: 1 },
  'sample5.jpg': { faces: 5, gender: 2, band: 2 },
  'sample6.jpg': { faces: 4, gender: 2, band: 1 },
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.html': 'text/html',
  '.css': 'text/css',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
};

function serve(): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const file =
      path === '/bench.html'
        ? null
        : path === '/bench.js'
          ? null
          : path === '/video.mp4'
            ? join(ROOT, 'packages/server/src/seed/media/welcome.mp4')
            : path.startsWith('/photos/')
              ? join(PHOTOS, path.slice(8))
              : path.startsWith('/player/')
                ? join(DIST, path.slice(8))
                : null;
    try {
      const body =
        path === '/bench.html' ? BENCH_HTML : path === '/bench.js' ? BENCH_JS : file ? readFileSync(file) : null;
      if (body === null) throw new Error('not found');
      res.writeHead(200, { 'content-type': TYPES[extname(path) || '.html'] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      ok({ url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`, close: () => server.close() });
    }),
  );
}

/** CPU seconds used so far by every process of the Chromium that runs with this profile. */
function cpuSeconds(profile: string): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(profile)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone */
    }
  }
  return ticks / 100;
}

async function open(args: string[]): Promise<{ context: BrowserContext; page: Page; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'vitrine-bench-camera-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required', ...args],
    viewport: { width: 1280, height: 720 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => m.type() === 'error' && console.error(`[browser] ${m.text()}`));
  page.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
  return { context, page, profile };
}

async function main() {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'packages/player'),
    stdio: 'inherit',
  });
  const assets = readdirSync(join(DIST, 'assets'));
  const run = `/player/assets/${assets.find((f) => /^run-.*\.js$/.test(f))}`;
  const worker = `/player/assets/${assets.find((f) => /^detector\.worker-.*\.js$/.test(f))}`;
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (shared with other work)`,
  );
  const { url, close } = await serve();
  const page = `${url}/bench.html?run=${encodeURIComponent(run)}&worker=${encodeURIComponent(worker)}&models=${encodeURIComponent(MODEL_DIR)}`;
  const tmp = mkdtempSync(join(tmpdir(), 'vitrine-bench-y4m-'));
  try {
    // 1. still photos: ms per frame by input size, and agreement with the hand labels
    const stills = await open([]);
    await stills.page.goto(page);
    await stills.page.waitForFunction(() => (window as { benchReady?: boolean }).benchReady === true);
    const names = Object.keys(LABELS);
    type Still = { url: string; faces: Face[]; ms: number[] };
    const bySize: Record<number, Still[]> = {};
    for (const size of [224, 320, 416]) {
      bySize[size] = await stills.page.evaluate(
        ([urls, s]) =>
          (
            window as unknown as { bench: { stills: (u: string[], s: number, r: number) => Promise<Still[]> } }
          ).bench.stills(urls, s, 5),
        [names.map((n) => `/photos/${n}`), size] as [string[], number],
      );
      const ms = bySize[size].flatMap((r) => r.ms.slice(1));
      const found = bySize[size].reduce((s, r) => s + r.faces.length, 0);
      const labelled = names.reduce((s, n) => s + LABELS[n].faces, 0);
      let gender = 0;
      let band = 0;
      bySize[size].forEach((r, i) => {
        const label = LABELS[names[i]];
        for (const f of r.faces) {
          if (f.reading && f.reading.genderProbability >= 0.7 && f.reading.gender === label.gender) gender++;
          if (f.reading && Math.abs(ageBand(f.reading.age) - label.band) <= 1) band++;
        }
      });
      const p90 = [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.9)];
      const pct = (n: number) => ((100 * n) / Math.max(1, found)).toFixed(0);
      console.log(
        `input ${size}: ${median(ms).toFixed(0)} ms/frame median (p90 ${p90.toFixed(0)}), faces ${found}/${labelled}, ` +
          `gender right (p ≥ 0.7) ${gender}/${found} = ${pct(gender)} %, age band within one ${band}/${found} = ${pct(band)} %`,
      );
      const reading = (f: Face) =>
        `${f.reading?.gender === 2 ? 'F' : 'M'}${f.reading?.genderProbability.toFixed(2)}/${f.reading?.age.toFixed(0)}`;
      const photos = bySize[size].map((r, i) => `${names[i]} ${r.faces.length} [${r.faces.map(reading).join(' ')}]`);
      console.log(`  per photo: ${photos.join('; ')}`);
    }
    await stills.context.close();
    rmSync(stills.profile, { recursive: true, force: true });

    // 2. a fake camera on a photo while a video plays: detection off, then on, alternating
    const maker = await open([]);
    const frame = await i420(maker.page, join(PHOTOS, process.env.BENCH_CAMERA_PHOTO ?? 'sample1.jpg'), 640, 480);
    await maker.context.close();
    rmSync(maker.profile, { recursive: true, force: true });
    const y4m = join(tmp, 'camera.y4m');
    writeY4m(y4m, 640, 480, 5, [{ frame, times: 5 }]);
    const size = num('BENCH_CAMERA_INPUT', 416); // the player's default (AUDIENCE_DEFAULTS in audience/run.ts)
    const live = await open(fakeCameraArgs(y4m));
    await live.page.goto(page);
    await live.page.waitForFunction(() => (window as { benchReady?: boolean }).benchReady === true);
    type Frame = { ms: number; faces: number; read: boolean; at: number };
    type B = {
      bench: {
        playVideo: () => Promise<void>;
        quality: () => { total: number; dropped: number };
        start: (s: number) => void;
        stop: () => Frame[];
        now: () => number;
        status: () => { state: string } | null;
      };
    };
    const bench = <T>(fn: (b: B['bench'], arg: number) => T, arg = 0) =>
      live.page.evaluate(([f, a]) => new Function('b', 'a', `return (${f})(b, a)`)((window as unknown as B).bench, a), [
        fn.toString(),
        arg,
      ] as const) as Promise<Awaited<T>>;
    await bench((b) => b.playVideo());
    await live.page.waitForTimeout(2000);
    const phases: {
      on: boolean;
      cpu: number;
      dropped: number;
      total: number;
      fps: number;
      ms: number;
      readMs: number;
    }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const on of [false, true]) {
        if (on) {
          await bench((b, s) => b.start(s), size);
          // the camera opens and the models load outside the window
          await live.page.waitForFunction(() => (window as unknown as B).bench.status()?.state === 'on', undefined, {
            timeout: 120_000,
          });
          await live.page.waitForTimeout(1000);
        }
        const q0 = await bench((b) => b.quality());
        const p0 = await bench((b) => b.now());
        const c0 = cpuSeconds(live.profile);
        const t0 = Date.now();
        await live.page.waitForTimeout(SECONDS * 1000);
        const wall = (Date.now() - t0) / 1000;
        const cpu = (cpuSeconds(live.profile) - c0) / wall;
        const q1 = await bench((b) => b.quality());
        const p1 = await bench((b) => b.now());
        const frames = on ? (await bench((b) => b.stop())).filter((f) => f.at >= p0 && f.at <= p1) : [];
        const fps = frames.length / ((p1 - p0) / 1000);
        const ms = median(frames.filter((f) => !f.read).map((f) => f.ms));
        const readMs = median(frames.filter((f) => f.read).map((f) => f.ms));
        phases.push({ on, cpu, dropped: q1.dropped - q0.dropped, total: q1.total - q0.total, fps, ms, readMs });
        console.log(
          `round ${r + 1} detection ${on ? 'on ' : 'off'}: Chromium ${cpu.toFixed(2)} cores, video frames ` +
            `${q1.total - q0.total} dropped ${q1.dropped - q0.dropped}` +
            (on
              ? `, ${fps.toFixed(2)} analysed frames/s, ${ms.toFixed(0)} ms/frame detecting ` +
                `(${frames.filter((f) => !f.read).length}), ${readMs.toFixed(0)} ms with age/gender ` +
                `(${frames.filter((f) => f.read).length}), faces ${median(frames.map((f) => f.faces))}`
              : ''),
        );
      }
    }
    const off = phases.filter((p) => !p.on);
    const on = phases.filter((p) => p.on);
    console.log(
      `\nmedians over ${ROUNDS} rounds, input ${size}: analysed ${median(on.map((p) => p.fps)).toFixed(2)} ` +
        `frames/s at ${median(on.map((p) => p.ms)).toFixed(0)} ms/frame detecting; ` +
        `Chromium ${median(off.map((p) => p.cpu)).toFixed(2)} cores off, ` +
        `${median(on.map((p) => p.cpu)).toFixed(2)} on (detection ` +
        `${(median(on.map((p) => p.cpu)) - median(off.map((p) => p.cpu))).toFixed(2)}); ` +
        `dropped video frames ${median(off.map((p) => p.dropped))} off, ${median(on.map((p) => p.dropped))} on (of ~${median(on.map((p) => p.total))})`,
    );
    await live.context.close();
    rmSync(live.profile, { recursive: true, force: true });
  } finally {
    close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
