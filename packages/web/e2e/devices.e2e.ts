// The device loop from the console's side (issue 10): the supervisor opens a device's drawer and
// reads its activation code; a screen activates with it through the real device API and sends a
// heartbeat; the console shows it online; a volume command goes pending → delivered → acknowledged
// as the screen picks it up and acknowledges it. A never-connected device says so. Screenshots of
// the drawer in zh-CN and en-US land in .e2e-artifacts/devices-*.png.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launch, shot, type Browser } from './browser';
import { suffix } from './server';
import { logIn, openStore, setLanguage, setupStoreTeam, tenantOk, type StoreTeam } from './stores-helpers';

type Beat = { ret: number; result: { commands: { id: number; action: string; params: { volume?: number } }[] } };

async function device<T>(path: string, body: object, token?: string): Promise<T> {
  const res = await fetch(`${inject('baseURL')}/device-api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { dt: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

describe('device loop: activation code, heartbeat, status and a command acknowledged', () => {
  let b: Browser;
  let team: StoreTeam;
  let shopId = 0;
  let screen = { id: 0, code: '' };
  let never = 0;
  let token = '';

  beforeAll(async () => {
    team = await setupStoreTeam({ a: ['310101'] });
    const shop = await tenantOk<{ id: number }>(
      'shop/create',
      {
        name: `e2e 设备门店 ${suffix()}`,
        code: `E2E-D-${suffix()}`,
        level: 1,
        province: '31',
        city: '3101',
        district: '310101',
        hours: '24h',
      },
      team.manager,
    );
    shopId = shop.id;
    await tenantOk('shop/apply', { id: shopId }, team.manager);
    await tenantOk('shop/examine', { id: shopId, pass: 1 }, team.supervisor);
    const make = async (name: string) => {
      const code = `SCR-${suffix()}`;
      const d = await tenantOk<{ id: number }>(
        'device/create',
        { code, name, type: 'big', orientation: 1, shopId },
        team.manager,
      );
      await tenantOk('device/apply', { id: d.id }, team.manager);
      await tenantOk('device/examine', { id: d.id, pass: 1 }, team.supervisor);
      return { id: d.id, code };
    };
    screen = await make(`e2e 门口大屏 ${suffix()}`);
    never = (await make(`e2e 收银小屏 ${suffix()}`)).id;
    b = await launch();
    await logIn(b, team.supervisor, team.title);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('the drawer shows the activation code; the screen activates with it and turns online', async () => {
    const { page } = b;
    await openStore(page, 'entity=device');
    await expect
      .poll(() => page.locator(`tr[data-row-key="${never}"]`).getByTestId('device-status-never').count())
      .toBe(1);
    await page.getByTestId(`row-control-${screen.id}`).click();
    const drawer = page.getByTestId('device-drawer');
    const codeEl = drawer.getByTestId('activation-code');
    await codeEl.waitFor();
    const code = (await codeEl.innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await drawer.getByTestId('history-never').waitFor();

    const act = await device<{ ret: number; result: { deviceToken: string } }>('activate', {
      code: screen.code,
      activation: code,
    });
    expect(act.ret).toBe(0);
    token = act.result.deviceToken;
    expect(
      (await device<Beat>('heartbeat', { appVersion: '1.2.3', freeStorageMb: 8000, clock: Date.now() / 1000 }, token))
        .ret,
    ).toBe(0);
    // the console learns it from the sweep job (every 15 s; presence flushed every 0.5 s here)
    await expect
      .poll(
        async () => {
          await openStore(page, 'entity=device');
          return page.locator(`tr[data-row-key="${screen.id}"]`).getByTestId('device-status-7').count();
        },
        { timeout: 45_000, interval: 2000 },
      )
      .toBe(1);
  });

  it('a volume command: pending, delivered by a heartbeat, acknowledged by the screen', async () => {
    const { page } = b;
    await page.getByTestId(`row-control-${screen.id}`).click();
    const drawer = page.getByTestId('device-drawer');
    await drawer.getByTestId('activation-active').waitFor();
    await drawer.getByTestId('control-volume').click();
    await drawer.getByTestId('command-state-pending').first().waitFor();
    const beat = await device<Beat>('heartbeat', {}, token);
    const cmd = beat.result.commands.find((c) => c.action === 'volume');
    expect(cmd?.params.volume).toBe(50);
    // the console hears it through its live feed (the command list itself refreshes only each minute)
    await drawer.getByTestId('command-state-delivered').first().waitFor({ timeout: 5_000 });
    expect(
      (await device<{ result: { accepted: number[] } }>('ack', { results: [{ id: cmd!.id, ok: 1 }] }, token)).result
        .accepted,
    ).toEqual([cmd!.id]);
    await drawer.getByTestId('command-state-acknowledged').first().waitFor({ timeout: 5_000 });
    await drawer.getByTestId('device-history').waitFor({ timeout: 30_000 });
    await shot(page, 'devices-drawer-zh', true);
    expect(await drawer.getByTestId('command-state-acknowledged').first().innerText()).toBe('已确认');

    await setLanguage(b.context, 'en-US');
    await openStore(page, 'entity=device');
    await page.getByTestId(`row-control-${screen.id}`).click();
    await page.getByTestId('device-drawer').getByTestId('command-state-acknowledged').first().waitFor();
    expect(await page.getByTestId('device-drawer').getByTestId('command-state-acknowledged').first().innerText()).toBe(
      'Acknowledged',
    );
    await shot(page, 'devices-drawer-en', true);
    await page.keyboard.press('Escape');
    expect(await page.locator(`tr[data-row-key="${never}"]`).getByTestId('device-status-never').innerText()).toBe(
      'Offline, never connected',
    );
    expect(b.pageErrors).toEqual([]);
  });
});
