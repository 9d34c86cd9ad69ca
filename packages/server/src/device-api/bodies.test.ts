import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { activated, dev, makeDevice, makeFleet, play, visit, type Fleet } from '../../test/devices.js';

// What a device body may not be (issue 24): integers past int4, bad text, prototype keys, malformed
// JSON — each refused where it arrives with 40001 naming the field, never a 500; a bad event alone.

const t = useTestApp();

type Batch = {
  accepted: number;
  duplicates: number;
  rejected: { eventId: string; reason: string; message: string; field?: string }[];
};

describe('device API bodies', () => {
  let f: Fleet;
  let device: { id: number; code: string };
  let token: string;

  it('a device of the test enterprise is activated', async () => {
    f = await makeFleet(t);
    device = await makeDevice(t, f);
    token = await activated(t, f, device);
    expect(token).toBeTruthy();
  });

  it('integers past int4 (2^31) are refused where they arrive, never a 500: heartbeat 40001, one bad event alone, ack file', async () => {
    const big = 2 ** 31;
    const fieldsOf = (b: { result: unknown }) =>
      (b.result as { fields: { field: string }[] }).fields.map((x) => x.field);
    for (const [playing, field] of [
      [{ contentId: big, planId: 1 }, 'playing.contentId'],
      [{ contentId: 1, planId: big }, 'playing.planId'],
    ] as const) {
      const hb = await dev(t, 'heartbeat', { playing }, token);
      expect([hb.status, hb.body.ret], JSON.stringify(hb.body)).toEqual([400, RET.validation]);
      expect(fieldsOf(hb.body)).toEqual([field]);
    }
    // the largest int4 is an id like any other, down to the presence row
    expect((await dev(t, 'heartbeat', { playing: { contentId: big - 1, planId: big - 1 } }, token)).body.ret).toBe(0);
    await t.deps.device.presence.flush();
    const [row] = await t.db.admin.query<{ c: number; p: number }>(
      'select playing_content as c, playing_plan as p from device_presence where device_id = $1',
      [device.id],
    );
    expect(row).toEqual({ c: big - 1, p: big - 1 });
    // plays and visits: the bad events are rejected alone, the good ones stored
    const good = [play(), play({ contentId: big - 1 })];
    const bad = [play({ contentId: big }), play({ planId: big }), play({ durationMs: big })];
    const plays = await dev<Batch>(t, 'plays', { events: [good[0], ...bad, good[1]] }, token);
    expect([plays.status, plays.body.ret], JSON.stringify(plays.body)).toEqual([200, 0]);
    expect(plays.body.result.accepted).toBe(2);
    expect(plays.body.result.rejected.map((r) => [r.eventId, r.reason, r.field])).toEqual([
      [bad[0].eventId, 'device.event.invalid', 'contentId'],
      [bad[1].eventId, 'device.event.invalid', 'planId'],
      [bad[2].eventId, 'device.event.invalid', 'durationMs'],
    ]);
    const stored = await t.db.admin.query<{ event_id: string }>(
      'select event_id from play_events where event_id = any($1::uuid[]) order by content_id',
      [[...good, ...bad].map((e) => e.eventId)],
    );
    expect(stored.map((r) => r.event_id)).toEqual(good.map((e) => e.eventId));
    const v = [visit(), visit({ pitchId: big - 1 })];
    const badVisit = visit({ pitchId: big });
    const visits = await dev<Batch>(t, 'visits', { events: [v[0], badVisit, v[1]] }, token);
    expect([visits.status, visits.body.ret]).toEqual([200, 0]);
    expect(visits.body.result).toMatchObject({
      accepted: 2,
      rejected: [{ eventId: badVisit.eventId, field: 'pitchId' }],
    });
    // ack: a file id past int4 is 40001 naming it
    const q = await post<{ commands: { id: number }[] }>(
      t,
      'device/manage',
      { ids: [device.id], action: 'screenshot' },
      f.sup,
    );
    const ack = await dev(t, 'ack', { results: [{ id: q.body.result.commands[0].id, ok: 1, file: big }] }, token);
    expect([ack.status, ack.body.ret], JSON.stringify(ack.body)).toEqual([400, RET.validation]);
    expect(fieldsOf(ack.body)).toEqual(['results.0.file']);
  });

  it('bad text (NUL, a lone surrogate) anywhere in a body is 40001 naming the field; other escapes and raw bytes are fine', async () => {
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/device-api/visits',
        headers: { dt: token, 'content-type': 'application/json' },
        payload,
      });
    for (const [body, field] of [
      [{ events: [visit(), { ...visit(), note: 'a\u0000b' }] }, 'events.1.note'],
      [{ events: [{ ...visit(), eventId: '\ud800' }] }, 'events.0.eventId'],
      [{ events: [{ ...visit(), ['k\udc00']: 1 }] }, 'events.0'],
    ] as const) {
      const res = await send(JSON.stringify(body));
      expect(res.json()).toMatchObject({ ret: RET.validation, result: { fields: [{ field }] } });
    }
    const plain = [visit(), visit()];
    const escaped = JSON.stringify({ events: plain })
      .replace('"watch"', '"w\\u0061tch"')
      .replace('"action"', '"\\u0061ction"');
    expect(escaped).toContain('\\u0061');
    expect((await send(escaped)).json()).toMatchObject({ ret: 0, result: { accepted: 2 } });
    // bytes that are not UTF-8 (an encoded surrogate) arrive as U+FFFD, which is text like any other
    const raw = Buffer.concat([
      Buffer.from(JSON.stringify({ events: [{ ...visit(), note: 'x' }] }).replace('"x"', '"')),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('"}]}'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/device-api/visits',
      headers: { dt: token, 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.json()).toMatchObject({ ret: 0, result: { accepted: 1 } });
  });

  it('a body with a __proto__ or constructor.prototype key is refused whole, written plainly or escaped; the words as values are text', async () => {
    // Fastify's own JSON parser refuses them (onProtoPoisoning / onConstructorPoisoning: 'error')
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/device-api/visits',
        headers: { dt: token, 'content-type': 'application/json' },
        payload,
      });
    const events = JSON.stringify([visit()]);
    for (const body of [
      `{"events": ${events}, "__proto__": {"x": 1}}`,
      `{"events": ${events}, "\\u005f_proto__": {"x": 1}}`,
      `{"events": [{"constructor": {"prototype": {"x": 1}}}]}`,
      `{"events": [{"c\\u006fnstructor": {"prototype": {"x": 1}}}]}`,
    ]) {
      expect((await send(body)).json(), body).toMatchObject({ ret: RET.validation });
    }
    const words = await send(
      JSON.stringify({ events: [visit(), visit({ action: 'constructor' }), visit({ action: '__proto__' })] }),
    );
    expect(words.json()).toMatchObject({
      ret: 0,
      result: { accepted: 1, rejected: [{ field: 'action' }, { field: 'action' }] },
    });
    expect((await send('{"events": [')).json()).toMatchObject({ ret: RET.validation });
  });

  it('bad bodies are 40001 with fields; the OpenAPI document lists every device call', async () => {
    const res = await dev(t, 'heartbeat', { freeStorageMb: -1, errors: [{ code: '' }] }, token);
    expect(res.body.ret).toBe(RET.validation);
    expect((res.body.result as unknown as { fields: { field: string }[] }).fields.map((x) => x.field)).toEqual([
      'freeStorageMb',
      'errors.0.code',
    ]);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/device-api/heartbeat',
      headers: { dt: token, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.json()).toMatchObject({ ret: RET.validation });
    expect((await dev(t, 'nothing', {}, token)).body.ret).toBe(RET.notFound);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of ['activate', 'heartbeat', 'ack', 'playlist', 'file', 'plays', 'visits', 'screenshot'])
      expect(Object.keys(doc.paths)).toContain(`/device-api/${p}`);
  });
});
