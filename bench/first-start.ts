/**
 * The first start as a new user meets it (issue 25 §7): `npx tsx bench/first-start.ts`. Runs
 * `npm start`'s own script (compiled server, production web build, living demo on PGlite, nothing
 * analyzed beforehand) in a fresh DATA_DIR and measures:
 * 1. spawn → the console answers (`/readyz`; the demo's enterprise is seeded before it listens), and
 *    spawn → the simulator's screens have sent their history (its log line);
 * 2. in rounds from the first answer until BENCH_FS_SECONDS (180) after it, as the demo supervisor in
 *    Debian's Chromium (logged in once through the login page): /home/home — navigation start → the
 *    dashboard's figures painted (`home-dashboard`, the loading cards gone; the first frame after,
 *    recorded by the page itself) — then the store list
 *    (a plain list call) and the data centre's four tabs; each page's API calls timed by the browser
 *    (request start → response end). The goals: the KPIs within 1 s of navigation, every dashboard
 *    and data-centre call within 3× the plain list call of the same round.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, freePort, logInAsSupervisor, sleep } from './console.js';
import { writeReadmeSection } from './scratch.js';

const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_FS_SECONDS ?? 180);

/** The pages a round opens, and the call that counts as each page's figures. */
const PAGES = [
  { name: '/home/home', path: '/home/home', ready: 'home-dashboard' },
  { name: 'store list', path: '/store/store', ready: 'store-page' },
  { name: 'visitors', path: '/data/count', ready: 'count-page' },
  { name: 'ads', path: '/data/count?tab=ads', ready: 'count-page' },
  { name: 'sales', path: '/data/count?tab=sales', ready: 'count-page' },
  { name: 'products', path: '/data/count?tab=products', ready: 'count-page' },
] as const;

type Round = { at: number; kpiMs: number; homeSentMs: number; calls: Map<string, number>; load: number };

/** Opens a page, waits for its figures and the network to go quiet; its API calls' durations by path. */
async function visit(
  page: Page,
  path: string,
  ready: string,
): Promise<{ readyMs: number; calls: Map<string, number>; starts: Map<string, number> }> {
  const calls = new Map<string, number>();
  // when each call was sent, ms after navigation start (the page's time origin)
  const starts = new Map<string, number>();
  const seen: Promise<void>[] = [];
  const onResponse = (res: import('playwright-core').Response) => {
    const m = /\/api\/([a-z-]+\/[a-z-]+)/.exec(new URL(res.url()).pathname);
    if (!m || res.request().method() === 'OPTIONS') return;
    seen.push(
      res.finished().then(() => {
        const t = res.request().timing();
        calls.set(m[1], Math.max(calls.get(m[1]) ?? 0, t.responseEnd - t.requestStart));
        if (!starts.has(m[1])) starts.set(m[1], t.startTime);
      }),
    );
  };
  page.on('response', onResponse);
  await page.goto(path);
  await page.getByTestId(ready).waitFor({ timeout: 120_000 });
  if (ready === 'count-page') await page.getByTestId('count-loading').waitFor({ state: 'detached', timeout: 120_000 });
  // the page's own record (markReady) when there is one: the figures' first frame, not the moment
  // Playwright's polling (up to 500 ms apart) noticed them
  const [readyMs, origin] = await page.evaluate(() => [
    (window as unknown as { __readyAt?: number }).__readyAt ?? performance.now(),
    performance.timeOrigin,
  ]);
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
  await Promise.all(seen);
  page.off('response', onResponse);
  for (const [k, v] of starts) starts.set(k, v - origin);
  return { readyMs, calls, starts };
}

/**
 * Runs in every page: the time (ms after navigation start) of the first frame drawn after the
 * dashboard's figures (`home-dashboard`) entered the DOM.
 */
function markReady() {
  const w = window as unknown as { __readyAt?: number };
  new MutationObserver((_changes, observer) => {
    if (!document.querySelector('[data-testid="home-dashboard"]')) return;
    observer.disconnect();
    // the frame's callbacks run before it is painted; the task after it runs once it is
    requestAnimationFrame(() => setTimeout(() => (w.__readyAt = performance.now())));
  }).observe(document, { childList: true, subtree: true });
}

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : NaN;
};
/** A call's median over the rounds ÷ the plain list's median over the same rounds. */
const ratioOfMedians = (rounds: Round[], k: string) =>
  median(rounds.map((r) => r.calls.get(k) ?? NaN)) / median(rounds.map((r) => r.calls.get('shop/enable-list') ?? NaN));

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-first-start-'));
  const profile = mkdtempSync(join(tmpdir(), 'vitrine-first-start-profile-'));
  const url = `http://127.0.0.1:${port}`;
  const loadAtStart = loadavg()[0];
  const t0 = Date.now();
  let historyAt = 0;
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watch = (chunk: Buffer) => {
    // sim/run.ts: "simulator: N backdated visits uploaded"
    if (!historyAt && /backdated visits uploaded/.test(String(chunk))) historyAt = Date.now();
  };
  child.stdout!.on('data', watch);
  child.stderr!.on('data', watch);
  try {
    while (
      !(await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() - t0 > 300_000) throw new Error('the console did not answer within 5 minutes');
      await sleep(200);
    }
    const readyAt = Date.now();
    console.log(`console answers ${((readyAt - t0) / 1000).toFixed(1)} s after spawn`);
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
      baseURL: url,
      viewport: { width: 1440, height: 900 },
    });
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await logInAsSupervisor(page);
    await ctx.addInitScript(markReady);
    const rounds: Round[] = [];
    while (Date.now() - readyAt < SECONDS * 1000) {
      const at = Date.now() - readyAt;
      const calls = new Map<string, number>();
      let kpiMs = 0;
      let homeSentMs = 0;
      for (const p of PAGES) {
        const r = await visit(page, p.path, p.ready);
        if (p.name === '/home/home') [kpiMs, homeSentMs] = [r.readyMs, r.starts.get('stats/home') ?? NaN];
        for (const [k, v] of r.calls) calls.set(k, Math.max(calls.get(k) ?? 0, v));
      }
      if (!rounds.length) console.log(`calls seen: ${[...calls.keys()].sort().join(', ')}`);
      rounds.push({ at, kpiMs, homeSentMs, calls, load: loadavg()[0] });
      const list = calls.get('shop/enable-list') ?? NaN;
      console.log(
        `+${(at / 1000).toFixed(0)} s: KPIs painted ${kpiMs.toFixed(0)} ms ` +
          `(stats/home sent at ${homeSentMs.toFixed(0)}); shop/enable-list ${list.toFixed(0)} ms; ` +
          ['stats/home', 'stats/pa', 'stats/ad', 'stats/sale', 'stats/pdt']
            .map((k) => `${k} ${(calls.get(k) ?? NaN).toFixed(0)} ms`)
            .join(', ') +
          ` (load ${loadavg()[0].toFixed(1)})`,
      );
      await sleep(10_000);
    }
    await ctx.close();
    const fmt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
    const DATA = ['stats/home', 'stats/pa', 'stats/ad', 'stats/sale', 'stats/pdt'];
    const worstRatio = (r: Round) =>
      Math.max(...DATA.map((k) => (r.calls.get(k) ?? 0) / (r.calls.get('shop/enable-list') ?? 1)));
    const section = [
      `Run ${new Date().toISOString().slice(0, 16)}Z (load average ${loadAtStart.toFixed(1)} at the ` +
        `start): the console answered **${((readyAt - t0) / 1000).toFixed(1)} s** after spawn` +
        (historyAt ? `; the simulator's history was in ${((historyAt - t0) / 1000).toFixed(1)} s after spawn.` : '.'),
      '',
      '| since the first answer | KPIs painted | stats/home sent at | shop/enable-list | stats/home | ' +
        'stats/pa | stats/ad | stats/sale | stats/pdt | worst ÷ list | load |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rounds.map(
        (r) =>
          `| ${fmt(r.at / 1000)} s | ${fmt(r.kpiMs)} ms | ${fmt(r.homeSentMs)} ms | ${fmt(r.calls.get('shop/enable-list') ?? NaN)} | ` +
          DATA.map((k) => fmt(r.calls.get(k) ?? NaN)).join(' | ') +
          ` | ${worstRatio(r).toFixed(1)}× | ${r.load.toFixed(1)} |`,
      ),
      '',
      `Medians over the rounds: KPIs painted ${fmt(median(rounds.map((r) => r.kpiMs)))} ms; the plain list ` +
        `${fmt(median(rounds.map((r) => r.calls.get('shop/enable-list') ?? NaN)))} ms; ` +
        DATA.map((k) => `${k} ${ratioOfMedians(rounds, k).toFixed(1)}×`).join(', ') +
        ' the list (ratios of medians).',
      '',
      'Calls in ms, request start → response end in the browser, each page opened fresh (navigation); ' +
        '"KPIs painted" is navigation start → the first frame after the dashboard\'s figures entered the ' +
        'page on /home/home (recorded in the page).',
    ].join('\n');
    console.log(`\n${section}`);
    writeReadmeSection(
      'first-start',
      section,
      '## The first start (bench/first-start.ts)\n\n`npx tsx bench/first-start.ts` (`BENCH_FS_SECONDS`, default 180). See the header of bench/first-start.ts.',
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
