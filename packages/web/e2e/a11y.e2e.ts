// Accessibility (issue 8 §4): every console and public page, in zh-CN and en-US, through axe-core in
// Chromium; no serious or critical violation. The counts per page land in
// .e2e-artifacts/a11y.json (before/after figures for the notes).
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launch, type Browser } from './browser';
import { logIn, setLanguage, setupStoreTeam, type StoreTeam } from './stores-helpers';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function audit(page: Page): Promise<Violation[]> {
  await page.waitForLoadState('networkidle');
  // evaluated by the browser's devtools, which the console's CSP (no inline script) does not govern
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const PUBLIC = ['/index', '/register', '/resetPw', '/make_an_appointment', '/introduce'];
const CONSOLE = [
  '/home/home', '/store/store', '/store/store?entity=et', '/store/store?entity=employee', '/store/store?entity=member', '/store/store?entity=device',
  '/enterprise', '/enterprise?tab=depts', '/enterprise?tab=jobs', '/enterprise?tab=permissions', '/enterprise?tab=members',
  '/enterprise?tab=applies', '/enterprise?tab=invites', '/enterprise?tab=oplog', '/news', '/center/center', '/center/centerEditor',
  '/data/count', '/data/count?tab=ads', '/data/count?tab=sales', '/advert', '/advert?entity=ad-plan', '/advert?entity=ai-pitch', '/advert?entity=material', '/advert?entity=commodity',
  '/inform', '/incentives',
];

describe('accessibility: no serious or critical axe violation on any page, in both languages', () => {
  let b: Browser;
  let team: StoreTeam;
  const found: Record<string, { id: string; impact: string | null; help: string; targets: string[] }[]> = {};

  beforeAll(async () => {
    team = await setupStoreTeam(null);
    b = await launch();
  });
  afterAll(async () => {
    const dir = inject('artifacts');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a11y.json'), JSON.stringify(found, null, 2));
    await b?.close();
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`public pages in ${lang}`, async () => {
      await setLanguage(b.context, lang);
      for (const path of PUBLIC) {
        await b.page.goto(path);
        const v = await audit(b.page);
        found[`${lang} ${path}`] = v.map((x) => ({ id: x.id, impact: x.impact, help: x.help, targets: x.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
      }
      const bad = Object.entries(found).filter(([k, v]) => k.startsWith(lang) && v.length);
      expect(bad.map(([k, v]) => `${k}: ${v.map((x) => x.id).join(', ')}`)).toEqual([]);
    });

    it(`console pages in ${lang} as the supervisor`, async () => {
      await setLanguage(b.context, lang);
      if (lang === 'zh-CN') await logIn(b, team.supervisor, team.title);
      for (const path of CONSOLE) {
        await b.page.goto(path);
        const v = await audit(b.page);
        found[`${lang} ${path}`] = v.map((x) => ({ id: x.id, impact: x.impact, help: x.help, targets: x.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
      }
      const bad = Object.entries(found).filter(([k, v]) => k.startsWith(lang) && !PUBLIC.some((p) => k.endsWith(` ${p}`)) && v.length);
      expect(bad.map(([k, v]) => `${k}: ${v.map((x) => `${x.id} ${x.targets.join(' | ')}`).join('; ')}`)).toEqual([]);
    });
  }
});
