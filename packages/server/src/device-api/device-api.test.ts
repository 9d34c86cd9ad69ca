import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import {
  activated,
  consoleCode,
  dev,
  makeDevice,
  makeFleet,
  play,
  visit,
  type Activation,
  type Fleet,
} from '../../test/devices.js';
import { BOUNDARY, makeMp4, makePng, multipartBody, permitOf, upload } from '../domains/files/fixtures.js';

// Contract tests of every device call (API.md "Device API") against the real app and database.

const t = useTestApp();

type Beat = {
  serverTime: number;
  interval: number;
  playlistEtag: string;
  commands: { id: number; seq: number; action: string; params: Record<string, unknown> }[];
  config: Record<string, unknown>;
};
type Batch = {
  accepted: number;
  duplicates: number;
  rejected: { eventId: string; reason: string; message: string; field?: string }[];
};

describe('device API', () => {
  let f: Fleet;
  let device: { id: number; code: string };
  let token: string;

  it('activates with the console code: single use; a new activation revokes the previous token', async () => {
    f = await makeFleet(t);
    device = await makeDevice(t, f);
    const code = await consoleCode(t, f, device.id);
    // the same code is shown again until used
    expect((await post<Activation>(t, 'device/activation', { id: device.id }, f.sup)).body.result.code).toBe(code);
    const res = await dev<{ deviceToken: string; deviceId: number; interval: number; config: Record<string, unknown> }>(
      t,
      'activate',
      {
        code: device.code,
        activation: code.toLowerCase().replace('-', ' '),
        hw: { model: 'X1', screen: { w: 1920, h: 1080 } },
      },
    );
    expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
    token = res.body.result.deviceToken;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16); // ≥ 128 random bits
    expect(res.body.result.interval).toBeGreaterThanOrEqual(54);
    expect(res.body.result.config).toMatchObject({
      type: 'big',
      direction: 1,
      volume: 50,
      ai: 0,
      timezone: 'Asia/Shanghai',
    });
    // stored hashed only
    const rows = await t.db.admin.query<{ token_hash: string }>(
      'select token_hash from device_tokens where device_id = $1',
      [device.id],
    );
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    // single use
    expect((await dev(t, 'activate', { code: device.code, activation: code })).body.ret).toBe(RET.validation);
    const state = await post<Activation>(t, 'device/activation', { id: device.id }, f.sup);
    expect(state.body.result).toMatchObject({ code: null, activated: 1 });
    // a new code and a new activation: the old token stops working
    const again = await post<Activation>(t, 'device/activation-code', { id: device.id }, f.sup);
    const second = await dev<{ deviceToken: string }>(t, 'activate', {
      code: device.code,
      activation: again.body.result.code,
    });
    expect(second.body.ret).toBe(0);
    expect((await dev(t, 'heartbeat', {}, token)).body.ret).toBe(RET.unauthenticated);
    token = second.body.result.deviceToken;
    expect((await dev(t, 'heartbeat', {}, token)).body.ret).toBe(0);
  });

  it('wrong tries never use up a code (they count per address: activate.test.ts); an expired or replaced code fails', async () => {
    const d = await makeDevice(t, f);
    const code = await consoleCode(t, f, d.id);
    for (let i = 0; i < 5; i++) {
      const wrong = await dev(t, 'activate', { code: d.code, activation: 'AAAA-AAAA' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.ret).toBe(RET.validation);
    }
    expect((await post<Activation>(t, 'device/activation', { id: d.id }, f.sup)).body.result).toMatchObject({
      code,
      attempts: 0,
    });
    // regenerate: the old code stops working, the new one works unless expired
    const first = (await post<Activation>(t, 'device/activation-code', { id: d.id }, f.sup)).body.result.code!;
    const second = (await post<Activation>(t, 'device/activation-code', { id: d.id }, f.sup)).body.result.code!;
    expect((await dev(t, 'activate', { code: d.code, activation: first })).body.ret).toBe(RET.validation);
    await t.db.admin.query(
      `update device_activations set expires_at = now() - interval '1 second' where device_id = $1 and used_at is null and revoked_at is null`,
      [d.id],
    );
    expect((await dev(t, 'activate', { code: d.code, activation: second })).body.ret).toBe(RET.validation);
    // four wrong tries and then the right code still works
    const fresh = (await post<Activation>(t, 'device/activation-code', { id: d.id }, f.sup)).body.result.code!;
    for (let i = 0; i < 4; i++) await dev(t, 'activate', { code: d.code, activation: 'BBBB-BBBB' });
    expect((await dev(t, 'activate', { code: d.code, activation: fresh })).body.ret).toBe(0);
  });

  it('a missing, unknown, revoked or deleted device token is 65536 / HTTP 401 on every call', async () => {
    const d = await makeDevice(t, f);
    const tok = await activated(t, f, d);
    const calls: [string, 'GET' | 'POST', unknown][] = [
      ['heartbeat', 'POST', {}],
      ['ack', 'POST', { results: [] }],
      ['playlist', 'GET', null],
      ['file', 'GET', { sha256: 'a'.repeat(64) }],
      ['plays', 'POST', { events: [] }],
      ['visits', 'POST', { events: [] }],
      ['screenshot', 'POST', {}],
    ];
    const expect401 = async (tk: string | undefined) => {
      for (const [path, method, body] of calls) {
        const res = await dev(t, path, body, tk, { method });
        expect(res.body.ret, `${path} with ${tk?.slice(0, 6)}`).toBe(RET.unauthenticated);
        expect(res.status).toBe(401);
      }
    };
    await expect401(undefined);
    await expect401('x'.repeat(43));
    expect((await dev(t, 'heartbeat', {}, tok)).body.ret).toBe(0);
    // deactivation stops the token at once
    expect((await post<Activation>(t, 'device/deactivate', { id: d.id }, f.sup)).body.result.activated).toBe(0);
    await expect401(tok);
    // a deleted device's token is refused as well
    const d2 = await makeDevice(t, f);
    const tok2 = await activated(t, f, d2);
    expect((await post(t, 'device/delete', { id: d2.id }, f.revHeaders)).body.ret).toBe(0);
    expect((await dev(t, 'heartbeat', {}, tok2)).body.ret).toBe(RET.unauthenticated);
  });

  it('heartbeats return commands in order until acknowledged; ack is idempotent', async () => {
    await post(t, 'device/volume', { ids: [device.id], volume: 30 }, f.sup);
    await post(t, 'device/manage', { ids: [device.id], action: 'restart' }, f.sup);
    await post(t, 'device/landscape', { ids: [device.id], direction: 0 }, f.sup);
    const beat = await dev<Beat>(
      t,
      'heartbeat',
      { appVersion: '2.0.1', freeStorageMb: 4000, clock: Date.now() / 1000 },
      token,
    );
    expect(beat.body.ret).toBe(0);
    expect(Math.abs(beat.body.result.serverTime - Date.now() / 1000)).toBeLessThan(5);
    expect(beat.body.result.playlistEtag).toMatch(/^pl-/);
    const cmds = beat.body.result.commands;
    expect(cmds.map((c) => [c.action, c.params])).toEqual([
      ['volume', { volume: 30 }],
      ['restart', {}],
      ['direction', { direction: 0 }],
    ]);
    expect(cmds.map((c) => c.seq)).toEqual([...cmds.map((c) => c.seq)].sort((a, b) => a - b));
    const states = async () =>
      (await post<{ list: { id: number; state: string }[] }>(t, 'device/commands', { id: device.id }, f.sup)).body
        .result.list;
    expect((await states()).every((c) => c.state === 'delivered')).toBe(true);
    // delivered but not acknowledged: returned again
    expect((await dev<Beat>(t, 'heartbeat', {}, token)).body.result.commands).toHaveLength(3);
    const ack = await dev<{ accepted: number[]; rejected: unknown[] }>(
      t,
      'ack',
      {
        results: [
          { id: cmds[0].id, ok: 1 },
          { id: cmds[1].id, ok: 0, message: 'busy' },
          { id: 999999, ok: 1 },
        ],
      },
      token,
    );
    expect(ack.body.result.accepted.sort()).toEqual([cmds[0].id, cmds[1].id].sort());
    expect(ack.body.result.rejected).toEqual([{ id: 999999, reason: 'notFound' }]);
    // the replay changes nothing and is accepted again
    const replay = await dev<{ accepted: number[] }>(t, 'ack', { results: [{ id: cmds[1].id, ok: 1 }] }, token);
    expect(replay.body.result.accepted).toEqual([cmds[1].id]);
    const after = await states();
    expect(after.find((c) => c.id === cmds[0].id)?.state).toBe('acknowledged');
    expect(after.find((c) => c.id === cmds[1].id)?.state).toBe('failed');
    const next = await dev<Beat>(t, 'heartbeat', {}, token);
    expect(next.body.result.commands.map((c) => c.id)).toEqual([cmds[2].id]);
    // the acknowledged volume is the device's setting from now on
    expect(next.body.result.config.volume).toBe(30);
    // …and the console shows it as reported, with the orientation still on its way (issue 25 §5)
    const shown = await post<{ volume: number; reported: Record<string, number>; pending: Record<string, number> }>(
      t,
      'device/get',
      { id: device.id },
      f.sup,
    );
    expect(shown.body.result).toMatchObject({ volume: 50, reported: { volume: 30 }, pending: { direction: 0 } });
  });

  it('commands expire after 24 h: not delivered any more, their ack is rejected', async () => {
    const q = await post<{ commands: { id: number }[] }>(
      t,
      'device/manage',
      { ids: [device.id], action: 'refresh' },
      f.sup,
    );
    const id = q.body.result.commands[0].id;
    await t.db.admin.query(`update device_commands set expires_at = now() - interval '1 second' where id = $1`, [id]);
    expect((await dev<Beat>(t, 'heartbeat', {}, token)).body.result.commands.map((c) => c.id)).not.toContain(id);
    const { runDeviceJobs } = await import('./loop.js');
    await runDeviceJobs(t.deps);
    const list = await post<{ list: { id: number; state: string }[] }>(t, 'device/commands', { id: device.id }, f.sup);
    expect(list.body.result.list.find((c) => c.id === id)?.state).toBe('expired');
    expect(
      (await dev<{ rejected: unknown[] }>(t, 'ack', { results: [{ id, ok: 1 }] }, token)).body.result.rejected,
    ).toEqual([{ id, reason: 'expired' }]);
  });

  it('playlist: the splash with an ETag equal to the heartbeat’s; If-None-Match → 304', async () => {
    const res = await dev<{ etag: string; segments: unknown[]; fallback: unknown; timezone: string }>(
      t,
      'playlist',
      null,
      token,
      { method: 'GET' },
    );
    expect(res.body.ret).toBe(0);
    expect(res.body.result).toMatchObject({ segments: [], fallback: null, timezone: 'Asia/Shanghai' });
    expect(res.headers.etag).toBe(`"${res.body.result.etag}"`);
    expect((await dev<Beat>(t, 'heartbeat', {}, token)).body.result.playlistEtag).toBe(res.body.result.etag);
    const again = await dev(t, 'playlist', null, token, {
      method: 'GET',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.raw).toBe('');
    // another device has another ETag
    const other = await activated(t, f, await makeDevice(t, f, { orientation: 0, type: 'pad' }));
    const theirs = await dev<{ etag: string }>(t, 'playlist', null, other, { method: 'GET' });
    expect(theirs.body.result.etag).not.toBe(res.body.result.etag);
  });

  it('plays: partial batches, replays counted once, local day and hour, 501 events and oversize bodies → 40013', async () => {
    const good = [play(), play({ contentId: 12 })];
    const bad = play({ contentId: -1 });
    const future = play({ start: Date.now() / 1000 + 3600 });
    const res = await dev<Batch>(t, 'plays', { events: [...good, bad, future, 'junk'] }, token);
    expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
    expect(res.body.result.accepted).toBe(2);
    expect(res.body.result.duplicates).toBe(0);
    expect(res.body.result.rejected).toEqual([
      expect.objectContaining({ eventId: bad.eventId, reason: 'device.event.invalid', field: 'contentId' }),
      expect.objectContaining({ eventId: future.eventId, reason: 'device.event.future' }),
      expect.objectContaining({ eventId: '', reason: 'device.event.invalid' }),
    ]);
    // replay: counted once, even twice in one batch
    const replay = await dev<Batch>(t, 'plays', { events: [good[0], good[0], good[1], play()] }, token);
    expect(replay.body.result).toMatchObject({ accepted: 1, duplicates: 3, rejected: [] });
    const [row] = await t.db.admin.query<{
      n: number;
      day: string;
      hour: number;
      shop_id: number;
      enterprise_id: number;
    }>(
      `select count(*)::int as n, min(local_day)::text as day, min(local_hour)::int as hour, min(shop_id) as shop_id, min(enterprise_id) as enterprise_id
         from play_events where device_id = $1 and event_id = $2`,
      [device.id, good[0].eventId],
    );
    const local = new Date((good[0].start + 8 * 3600) * 1000); // Asia/Shanghai = UTC+8
    expect(row).toEqual({
      n: 1,
      day: local.toISOString().slice(0, 10),
      hour: local.getUTCHours(),
      shop_id: f.shop,
      enterprise_id: f.ent.companyId,
    });
    // 501 events: refused whole, nothing written
    const before = await t.db.admin.query<{ n: number }>(
      'select count(*)::int as n from play_events where device_id = $1',
      [device.id],
    );
    const many = await dev(t, 'plays', { events: Array.from({ length: 501 }, () => play()) }, token);
    expect([many.status, many.body.ret]).toEqual([413, RET.tooLarge]);
    const huge = await dev(t, 'plays', { events: [play({ materialSha256: 'a'.repeat(600_000) })] }, token);
    expect([huge.status, huge.body.ret]).toEqual([413, RET.tooLarge]);
    const after = await t.db.admin.query<{ n: number }>(
      'select count(*)::int as n from play_events where device_id = $1',
      [device.id],
    );
    expect(after[0].n).toBe(before[0].n);
    expect((await dev(t, 'plays', { events: 'x' }, token)).body.ret).toBe(RET.validation);
    expect(
      (await dev(t, 'plays', { events: Array.from({ length: 500 }, () => play()) }, token)).body.result,
    ).toMatchObject({ accepted: 500 });
  });

  it('visits: partial batches and replays, a language for the reasons', async () => {
    const v = [visit(), visit({ gender: 0, ageBand: 4, action: 'enter', pitchId: 5 })];
    const bad = visit({ ageBand: 7 });
    const res = await dev<Batch>(t, 'visits', { events: [...v, bad] }, token, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.body.result).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(res.body.result.rejected).toEqual([
      { eventId: bad.eventId, reason: 'device.event.invalid', field: 'ageBand', message: 'ageBand: Invalid value' },
    ]);
    expect((await dev<Batch>(t, 'visits', { events: v }, token)).body.result).toMatchObject({
      accepted: 0,
      duplicates: 2,
    });
    const old = visit({ time: Date.now() / 1000 - 91 * 86400 });
    expect((await dev<Batch>(t, 'visits', { events: [old] }, token)).body.result.rejected[0].reason).toBe(
      'device.event.tooOld',
    );
    const rows = await t.db.admin.query<{ action: string; pitch_id: number | null }>(
      'select action, pitch_id from visit_events where device_id = $1 order by id',
      [device.id],
    );
    expect(rows).toEqual([
      { action: 'watch', pitch_id: null },
      { action: 'enter', pitch_id: 5 },
    ]);
  });

  it('visits: a replay among new events, and the same batch twice at once, are stored and counted once', async () => {
    // a batch is written by a plain insert first; the unique index refusing it sends it down the
    // skipping insert, which must still count each event once (docs/decisions/0119)
    const first = [visit(), visit({ gender: 2 })];
    expect((await dev<Batch>(t, 'visits', { events: first }, token)).body.result).toMatchObject({
      accepted: 2,
      duplicates: 0,
    });
    const fresh = visit({ action: 'pass' });
    const mixed = await dev<Batch>(t, 'visits', { events: [fresh, first[1], first[0]] }, token);
    expect(mixed.body.result).toMatchObject({ accepted: 1, duplicates: 2, rejected: [] });
    const twice = Array.from({ length: 50 }, () => visit());
    const [a, b] = await Promise.all([
      dev<Batch>(t, 'visits', { events: twice }, token),
      dev<Batch>(t, 'visits', { events: twice }, token),
    ]);
    expect([
      a.body.result.accepted + b.body.result.accepted,
      a.body.result.duplicates + b.body.result.duplicates,
    ]).toEqual([50, 50]);
    const ids = [...first, fresh, ...twice].map((e) => e.eventId);
    const [row] = await t.db.admin.query<{ n: number; d: number }>(
      'select count(*)::int as n, count(distinct event_id)::int as d from visit_events where device_id = $1 and event_id = any($2::uuid[])',
      [device.id, ids],
    );
    expect(row).toEqual({ n: ids.length, d: ids.length });
  });

  it('file: the bytes of a material of its enterprise, with Range; signed URLs take Range too', async () => {
    const permit = await permitOf(t, f.sup, 'material');
    const mp4 = makeMp4(3000, 4096);
    const up = await upload(t, f.sup, permit.result.permit, { name: 'a.mp4', data: mp4, type: 'video/mp4' });
    expect(up.body.ret, JSON.stringify(up.body)).toBe(0);
    const sha = String(up.body.result.hash);
    const whole = await t.app.inject({ method: 'GET', url: `/device-api/file?sha256=${sha}`, headers: { dt: token } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({
      method: 'GET',
      url: `/device-api/file?sha256=${sha}`,
      headers: { dt: token, range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({
      method: 'GET',
      url: `/device-api/file?sha256=${sha}`,
      headers: { dt: token, range: 'bytes=-10' },
    });
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 10))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: `/device-api/file?sha256=${sha}`,
      headers: { dt: token, range: `bytes=${mp4.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    const signed = String(up.body.result.url);
    const viaUrl = await t.app.inject({ method: 'GET', url: signed, headers: { range: 'bytes=0-9' } });
    expect(viaUrl.statusCode).toBe(206);
    expect(viaUrl.rawPayload.equals(mp4.subarray(0, 10))).toBe(true);
    expect((await dev(t, 'file', { sha256: 'b'.repeat(64) }, token, { method: 'GET' })).body.ret).toBe(RET.notFound);
  });

  it('screenshot: multipart tied to a screenshot command; the console shows it', async () => {
    const q = await post<{ commands: { id: number }[] }>(
      t,
      'device/manage',
      { ids: [device.id], action: 'screenshot' },
      f.sup,
    );
    const commandId = q.body.result.commands[0].id;
    const send = (fields: Record<string, string>, data = makePng(64, 36, 9)) =>
      t.app.inject({
        method: 'POST',
        url: '/device-api/screenshot',
        headers: { dt: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipartBody({ name: 'shot.png', data }, fields),
      });
    const res = await send({ commandId: String(commandId) });
    expect(res.json(), res.body).toMatchObject({ ret: 0, result: { fileId: expect.any(Number) } });
    const list = await post<{ list: { id: number; state: string; screenshotUrl: string | null }[] }>(
      t,
      'device/commands',
      { id: device.id },
      f.sup,
    );
    const cmd = list.body.result.list.find((c) => c.id === commandId)!;
    expect(cmd.state).toBe('acknowledged');
    const img = await t.app.inject({ method: 'GET', url: cmd.screenshotUrl! });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // one upload per command: a second is refused, and stores nothing
    const files = async () =>
      (
        await t.db.admin.query<{ n: number }>(
          `select count(*)::int as n from files where kind = 'screenshot' and enterprise_id = $1`,
          [f.ent.companyId],
        )
      )[0].n;
    const before = await files();
    for (let i = 0; i < 3; i++) {
      const again = await t.app.inject({
        method: 'POST',
        url: '/device-api/screenshot',
        headers: { dt: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'accept-language': 'en-US' },
        payload: multipartBody({ name: 'shot.png', data: makePng(64, 36, 10 + i) }, { commandId: String(commandId) }),
      });
      expect(again.json()).toMatchObject({
        ret: RET.conflict,
        msg: 'This screenshot command already has its screenshot',
      });
    }
    expect(await files()).toBe(before);
    const [result] = await t.db.admin.query<{ result: { fileId: number } }>(
      'select result from device_commands where id = $1',
      [commandId],
    );
    expect(result.result.fileId).toBe(res.json().result.fileId);
    // not a screenshot command, not an image, unknown command
    const vol = await post<{ commands: { id: number }[] }>(t, 'device/volume', { ids: [device.id], volume: 10 }, f.sup);
    expect((await send({ commandId: String(vol.body.result.commands[0].id) })).json()).toMatchObject({
      ret: RET.conflict,
    });
    const fresh = (
      await post<{ commands: { id: number }[] }>(t, 'device/manage', { ids: [device.id], action: 'screenshot' }, f.sup)
    ).body.result.commands[0].id;
    expect((await send({ commandId: String(fresh) }, Buffer.from('not an image at all'))).json()).toMatchObject({
      ret: RET.validation,
    });
    // a refused image does not use up the command
    expect((await send({ commandId: String(fresh) })).json()).toMatchObject({ ret: 0 });
    // two uploads at once: one is stored (the command row is locked while its file is written)
    const race = (
      await post<{ commands: { id: number }[] }>(t, 'device/manage', { ids: [device.id], action: 'screenshot' }, f.sup)
    ).body.result.commands[0].id;
    const both = await Promise.all([
      send({ commandId: String(race) }, makePng(8, 8, 1)),
      send({ commandId: String(race) }, makePng(8, 8, 2)),
    ]);
    expect(both.map((r) => (r.json() as { ret: number }).ret).sort()).toEqual([0, RET.conflict]);
    expect((await send({ commandId: '99999999' })).json()).toMatchObject({ ret: RET.notFound });
    expect((await send({})).json()).toMatchObject({ ret: RET.validation });
    // another screen of the enterprise cannot pass this screenshot off as its own
    const fileId = res.json().result.fileId as number;
    const other = await makeDevice(t, f);
    const otherToken = await activated(t, f, other);
    const theirs = await post<{ commands: { id: number }[] }>(
      t,
      'device/manage',
      { ids: [other.id], action: 'screenshot' },
      f.sup,
    );
    const theirId = theirs.body.result.commands[0].id;
    const acked = await dev<{ accepted: number[]; rejected: { id: number; reason: string }[] }>(
      t,
      'ack',
      { results: [{ id: theirId, ok: 1, file: fileId }] },
      otherToken,
    );
    expect(acked.body.result).toMatchObject({ accepted: [], rejected: [{ id: theirId, reason: 'file.notFound' }] });
    // its own screenshot named again is fine
    expect(
      (await dev<{ accepted: number[] }>(t, 'ack', { results: [{ id: commandId, ok: 1, file: fileId }] }, token)).body
        .result.accepted,
    ).toEqual([commandId]);
  });

  it('a device of enterprise A can never touch B: commands, files, screenshots', async () => {
    const g = await makeFleet(t);
    const theirs = await makeDevice(t, g);
    const theirToken = await activated(t, g, theirs);
    const cmd = await post<{ commands: { id: number }[] }>(
      t,
      'device/manage',
      { ids: [theirs.id], action: 'screenshot' },
      g.sup,
    );
    const id = cmd.body.result.commands[0].id;
    // A acks B's command: rejected, B's command untouched
    expect(
      (await dev<{ rejected: unknown[] }>(t, 'ack', { results: [{ id, ok: 1 }] }, token)).body.result.rejected,
    ).toEqual([{ id, reason: 'notFound' }]);
    const shot = await t.app.inject({
      method: 'POST',
      url: '/device-api/screenshot',
      headers: { dt: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody({ name: 's.png', data: makePng(8, 8, 3) }, { commandId: String(id) }),
    });
    expect(shot.json()).toMatchObject({ ret: RET.notFound });
    const [state] = await t.db.admin.query<{ state: string }>('select state from device_commands where id = $1', [id]);
    expect(state.state).toBe('pending');
    // B's material is not A's
    const permit = await permitOf(t, g.sup, 'material');
    const up = await upload(t, g.sup, permit.result.permit, { name: 'b.png', data: makePng(20, 20, 77) });
    expect((await dev(t, 'file', { sha256: String(up.body.result.hash) }, token, { method: 'GET' })).body.ret).toBe(
      RET.notFound,
    );
    expect((await dev(t, 'file', { sha256: String(up.body.result.hash) }, theirToken, { method: 'GET' })).status).toBe(
      200,
    );
    // events land in the device's own enterprise only
    const e = play();
    await dev(t, 'plays', { events: [e] }, theirToken);
    const rows = await t.db.admin.query<{ enterprise_id: number }>(
      'select enterprise_id from play_events where event_id = $1',
      [e.eventId],
    );
    expect(rows).toEqual([{ enterprise_id: g.ent.companyId }]);
    // the console of A cannot read B's device activation or history
    expect((await post(t, 'device/activation', { id: theirs.id }, f.sup)).body.ret).toBe(RET.notFound);
    expect((await post(t, 'device/status-events', { id: theirs.id }, f.sup)).body.ret).toBe(RET.notFound);
  });
});
