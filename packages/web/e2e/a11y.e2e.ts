// Accessibility (issue 8 §4): every console and public page, in zh-CN and en-US, through axe-core in
// Chromium; no serious or critical violation. The counts per page land in
// .e2e-artifacts/a11y.json (before/after figures for the notes).
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launch, visit, type Browser } from './browser';
import { approved } from './player-helpers';
import { suffix } from './server';
import { logIn, openStore, setLanguage, setupStoreTeam, tenantOk, type StoreTeam } from './stores-helpers';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function audit(page: Page): Promise<Violation[]> {
  await page.waitForLoadState('networkidle');
  // evaluated by the browser's devtools, which the console's CSP (no inline script) does not govern
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const missingKeys = (page: Page) =>
  page.evaluate(() => [...((window as unknown as { __i18nMissing?: string[] }).__i18nMissing ?? [])]);

const PUBLIC = ['/index', '/register', '/resetPw', '/make_an_appointment', '/introduce'];
const CONSOLE = [
  '/home/home',
  '/store/store',
  '/store/store?entity=et',
  '/store/store?entity=employee',
  '/store/store?entity=member',
  '/store/store?entity=device',
  '/enterprise',
  '/enterprise?tab=depts',
  '/enterprise?tab=jobs',
  '/enterprise?tab=permissions',
  '/enterprise?tab=members',
  '/enterprise?tab=applies',
  '/enterprise?tab=invites',
  '/enterprise?tab=oplog',
  '/news',
  '/center/center',
  '/center/centerEditor',
  '/data/count',
  '/data/count?tab=ads',
  '/data/count?tab=sales',
  '/advert',
  '/advert?entity=ad-plan',
  '/advert?entity=ai-pitch',
  '/advert?entity=material',
  '/advert?entity=commodity',
  '/inform',
  '/incentives',
];

describe('accessibility: no serious or critical axe violation on any page, in both languages', () => {
  let b: Browser;
  let team: StoreTeam;
  const found: Record<string, { id: string; impact: string | null; help: string; targets: string[] }[]> = {};
  // translation keys a page asked for that its language does not hold (i18n/index.ts records them)
  const missing: Record<string, string[]> = {};

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
        found[`${lang} ${path}`] = v.map((x) => ({
          id: x.id,
          impact: x.impact,
          help: x.help,
          targets: x.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        }));
        missing[`${lang} ${path}`] = await missingKeys(b.page);
      }
      expect(Object.entries(missing).filter(([k, v]) => k.startsWith(lang) && v.length)).toEqual([]);
      const bad = Object.entries(found).filter(([k, v]) => k.startsWith(lang) && v.length);
      expect(bad.map(([k, v]) => `${k}: ${v.map((x) => x.id).join(', ')}`)).toEqual([]);
    });

    it(`console pages in ${lang} as the supervisor`, async () => {
      await setLanguage(b.context, lang);
      if (lang === 'zh-CN') await logIn(b, team.supervisor, team.title);
      // the first page loads the console in the language's cookie; the others are reached as by links
      for (const [i, path] of CONSOLE.entries()) {
        await (i === 0 ? b.page.goto(path) : visit(b.page, path));
        const v = await audit(b.page);
        found[`${lang} ${path}`] = v.map((x) => ({
          id: x.id,
          impact: x.impact,
          help: x.help,
          targets: x.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        }));
        missing[`${lang} ${path}`] = await missingKeys(b.page);
      }
      expect(Object.entries(missing).filter(([k, v]) => k.startsWith(lang) && v.length)).toEqual([]);
      const bad = Object.entries(found).filter(
        ([k, v]) => k.startsWith(lang) && !PUBLIC.some((p) => k.endsWith(` ${p}`)) && v.length,
      );
      expect(bad.map(([k, v]) => `${k}: ${v.map((x) => `${x.id} ${x.targets.join(' | ')}`).join('; ')}`)).toEqual([]);
    });
  }
});

// Issue 25 §3: the drawers and dialogs opened over the lists, with records in them (the device
// control drawer's status tags and volume slider, the plan drawer, the shop tree dialog).
describe('accessibility: open drawers and dialogs', () => {
  let b: Browser;
  let team: StoreTeam;
  let device = 0;

  beforeAll(async () => {
    team = await setupStoreTeam({ p: ['31'] });
    const shop = await tenantOk<{ id: number }>(
      'shop/create',
      {
        name: `e2e 无障碍门店 ${suffix()}`,
        code: `E2E-A11Y-${suffix()}`,
        level: 1,
        province: '31',
        city: '3101',
        district: '310101',
        hours: '24h',
      },
      team.manager,
    );
    await tenantOk('shop/apply', { id: shop.id }, team.manager);
    await tenantOk('shop/examine', { id: shop.id, pass: 1 }, team.supervisor);
    device = await approved(team, 'device', {
      code: `A11Y-${suffix()}`,
      name: 'e2e 无障碍大屏',
      type: 'big',
      orientation: 1,
      shopId: shop.id,
      ai: 1,
    });
    b = await launch();
  });
  afterAll(async () => {
    await b?.close();
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`the device table, its control drawer, the plan drawer and the tree dialog in ${lang}`, async () => {
      const { page } = b;
      await setLanguage(b.context, lang);
      if (lang === 'zh-CN') await logIn(b, team.supervisor, team.title);
      const bad: string[] = [];
      const check = async (name: string) => {
        const v = await audit(page);
        if (v.length)
          bad.push(
            `${name}: ${v
              .map(
                (x) =>
                  `${x.id} ${x.nodes
                    .slice(0, 3)
                    .map((n) => n.target.join(' '))
                    .join(' | ')}`,
              )
              .join('; ')}`,
          );
      };
      await openStore(page, 'entity=device');
      await check('device table');
      await page.getByTestId(`row-control-${device}`).click();
      await page.getByTestId('device-drawer').waitFor();
      await page.waitForTimeout(400);
      await check('device control drawer');
      await page.keyboard.press('Escape');
      await page.getByTestId('filter-scope').click();
      await page.getByTestId('tree-dialog').waitFor();
      await page.waitForTimeout(400);
      await check('tree dialog');
      await page.getByTestId('tree-cancel').click();
      await page.goto('/advert?entity=ad-plan');
      await page.getByTestId('create').click();
      await page.getByTestId('form-save').waitFor();
      await page.waitForTimeout(400);
      await check('plan drawer');
      expect(bad).toEqual([]);
    });
  }
});
