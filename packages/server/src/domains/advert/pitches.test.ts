import { describe, expect, it } from 'vitest';
import { RET, type Playlist } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { approved, activated, dev, makeDevice, makeFleet } from '../../../test/devices.js';
import { makePng, permitOf, upload } from '../files/fixtures.js';

// AI pitches through the real app (issue 9 §4): validation, review, and what the device API's
// playlist carries — the most specific pitch of each cell, only under a plan with AI pitches on;
// another enterprise's pitches never.

const t = useTestApp();

describe('AI pitches', () => {
  it('reach the playlist of a screen under a plan with AI pitches on, the most specific per cell', async () => {
    const f = await makeFleet(t);
    const screen = await makeDevice(t, f);
    const token = await activated(t, f, screen);
    const file = (
      await upload(t, f.sup, (await permitOf(t, f.sup, 'material')).result.permit, {
        name: 'a.png',
        data: makePng(1920, 1080, 31),
      })
    ).body.result.id;
    const content = await approved(t, f, 'ad-content', {
      name: '轮播',
      adType: 'main',
      items: JSON.stringify([{ fileId: file }]),
    });

    // validation: a picture is not audio; a content or a product, not both
    expect(
      (await post(t, 'ai-pitch/create', { gender: 1, ageBand: 2, text: '您好', audioId: file }, f.sup)).body,
    ).toMatchObject({ ret: RET.validation, msg: '语音须为本企业素材库中的音频' });
    expect((await post(t, 'ai-pitch/create', { gender: 3, ageBand: 2, text: '您好' }, f.sup)).body.ret).toBe(
      RET.validation,
    );

    const everywhere = await approved(t, f, 'ai-pitch', {
      gender: 1,
      ageBand: 2,
      text: '先生您好，新品上市',
      contentId: content,
    });
    const here = await approved(t, f, 'ai-pitch', {
      gender: 1,
      ageBand: 2,
      text: '南山店的先生您好',
      scope: JSON.stringify({ a: ['440305'] }),
    });
    await approved(t, f, 'ai-pitch', {
      gender: 1,
      ageBand: 2,
      text: '北京的先生您好',
      scope: JSON.stringify({ p: ['11'] }),
    });
    const women = await approved(t, f, 'ai-pitch', { gender: 2, ageBand: 1, text: '女士您好' });

    const plan = (ai: number) =>
      approved(t, f, 'ad-plan', {
        name: `计划${ai}`,
        dateFrom: '2026-01-01',
        dateTo: '2030-12-31',
        aiPitches: ai,
        contents: JSON.stringify([{ contentId: content, weight: 1 }]),
        targets: JSON.stringify({ s: [String(f.shop)] }),
      });
    const off = await plan(0);
    expect((await post(t, 'ad-plan/throw', { id: off }, f.sup)).body.ret).toBe(0);
    const playlist = async () => (await dev<Playlist>(t, 'playlist', null, token, { method: 'GET' })).body.result;
    expect((await playlist()).pitches).toEqual([]);

    const on = await plan(1);
    expect((await post(t, 'ad-plan/throw', { id: on }, f.sup)).body.ret).toBe(0);
    const withPitches = await playlist();
    expect(withPitches.pitches.map((p) => [p.gender, p.ageBand, p.pitchId])).toEqual([
      [1, 2, here],
      [2, 1, women],
    ]);
    expect(withPitches.pitches[0].text).toBe('南山店的先生您好');
    expect(everywhere).toBeGreaterThan(0);

    const g = await makeFleet(t);
    await approved(t, g, 'ai-pitch', { gender: 2, ageBand: 1, text: '别家的女士您好' });
    expect((await playlist()).pitches.map((p) => p.text)).not.toContain('别家的女士您好');
  });
});
