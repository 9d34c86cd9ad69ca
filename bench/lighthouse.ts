/**
 * Lighthouse mobile performance of the console's /home as the demo supervisor sees it (issue 25 §7):
 * `npx tsx bench/lighthouse.ts`. Starts `npm start` (the compiled server, production web build,
 * living demo on PGlite) in a fresh DATA_DIR, logs in through the real login page in Debian's
 * Chromium (a profile kept for the run), then runs Lighthouse against that profile's /home with the
 * session kept (`--disable-storage-reset`), mobile form factor, simulated throttling (Lighthouse's
 * defaults). Lighthouse is not a dependency of the project: set LIGHTHOUSE_BIN to its CLI, or the
 * script runs `npx -y lighthouse@12`. Knobs: BENCH_LH_ROUNDS (3), BENCH_LH_SETTLE seconds after
 * start before the first round (20), BENCH_URL to measure a console already running (then log-in
 * needs the demo password of a development install), BENCH_LH_PATH (/home/home), BENCH_LH_REPORT (a
 * file to keep the last round's JSON report in).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, freePort, logInAsSupervisor, sleep } from './console.js';

const ROOT = resolve(import.meta.dirname, '..');
const num = (name: string, fallback: number) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : fallback);
const ROUNDS = num('BENCH_LH_ROUNDS', 3);
const SETTLE_S = num('BENCH_LH_SETTLE', 20);
const PATH = process.env.BENCH_LH_PATH ?? '/home/home';

async function startConsole(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, stop: async () => undefined };
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-lh-'));
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  while (Date.now() - t0 < 300_000) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(500);
  }
  console.log(`console ready in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${url}; settling ${SETTLE_S} s`);
  await sleep(SETTLE_S * 1000);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs the demo supervisor in through the login page; the session stays in the profile. */
async function logIn(url: string, profile: string) {
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
    baseURL: url,
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  await logInAsSupervisor(page);
  await page.getByTestId('home-page').waitFor();
  await ctx.close();
}

type Audit = { numericValue?: number };
type Report = { categories: { performance: { score: number } }; audits: Record<string, Audit> };

async function lighthouse(url: string, profile: string): Promise<Report> {
  const port = await freePort();
  const chrome = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    for (
      let i = 0;
      i < 100 &&
      !(await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await sleep(100);
    const out = join(profile, '..', `lh-${Date.now()}.json`);
    const args = [
      `${url}${PATH}`,
      `--port=${port}`,
      '--disable-storage-reset',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ];
    const [cmd, pre] = process.env.LIGHTHOUSE_BIN ? [process.env.LIGHTHOUSE_BIN, []] : ['npx', ['-y', 'lighthouse@12']];
    const run = spawnSync(cmd, [...pre, ...args], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 });
    if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}`);
    if (process.env.BENCH_LH_REPORT) copyFileSync(out, process.env.BENCH_LH_REPORT);
    return JSON.parse(readFileSync(out, 'utf8')) as Report;
  } finally {
    chrome.kill('SIGKILL');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { url, stop } = await startConsole();
const dir = mkdtempSync(join(tmpdir(), 'vitrine-lh-profile-'));
const profile = join(dir, 'profile');
try {
  await logIn(url, profile);
  const rows: { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const r = await lighthouse(url, profile);
    const a = (id: string) => r.audits[id]?.numericValue ?? NaN;
    const row = {
      score: Math.round(r.categories.performance.score * 100),
      fcp: a('first-contentful-paint'),
      lcp: a('largest-contentful-paint'),
      tbt: a('total-blocking-time'),
      cls: a('cumulative-layout-shift'),
      si: a('speed-index'),
    };
    rows.push(row);
    console.log(
      `round ${i + 1}: score ${row.score}, FCP ${Math.round(row.fcp)} ms, LCP ${Math.round(row.lcp)} ms, ` +
        `TBT ${Math.round(row.tbt)} ms, CLS ${row.cls.toFixed(3)}, SI ${Math.round(row.si)} ms (load ` +
        `${loadavg()[0].toFixed(1)})`,
    );
  }
  const m = (k: keyof (typeof rows)[number]) => median(rows.map((r) => r[k]));
  console.log(
    `\nmedian of ${ROUNDS}: score ${m('score')}, FCP ${Math.round(m('fcp'))} ms, LCP ` +
      `${Math.round(m('lcp'))} ms, TBT ${Math.round(m('tbt'))} ms, CLS ${m('cls').toFixed(3)}, SI ` +
      `${Math.round(m('si'))} ms`,
  );
} finally {
  await stop();
  rmSync(dir, { recursive: true, force: true });
}
