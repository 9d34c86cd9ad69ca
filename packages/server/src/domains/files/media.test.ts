import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_TYPE, RET } from '@vitrine/contract';
import { useTestApp } from '../../../test/harness.js';
import { makeEnterprise, tenantHeaders } from '../../../test/factories.js';
import { makeAdts, makeMp3, makeMp4, makePng, mp3Frame, permitOf, upload } from './fixtures.js';

// Uploads for the materials library (issue 9 §1), judged on the bytes: background music as mp3
// (with or without an ID3 tag) or AAC in ADTS frames under 10 MB, a video's picture size, and the
// poster frame the console captures from a video (a small image of its own kind).

const t = useTestApp();
const MB = 1024 * 1024;
const tmpFiles = () => readdirSync(join(t.config.dataDir, 'files', 'tmp'));
const rowsOf = (enterpriseId: number) =>
  t.db.admin.query<{ id: number }>('select id from files where enterprise_id = $1', [enterpriseId]);

async function owner() {
  const ent = await makeEnterprise(t);
  return { ent, h: tenantHeaders(ent.owner, ent, ent.ownerRole) };
}

const put = async (
  h: Record<string, string>,
  kind: string,
  name: string,
  data: Buffer,
  type = 'application/octet-stream',
) => upload(t, h, (await permitOf(t, h, kind)).result.permit, { name, data, type });

/** Exactly `size` bytes of mp3 frames (the last one cut short, as a truncated file ends). */
const mp3Of = (size: number) => makeMp3(Math.ceil(size / 417)).subarray(0, size);

describe('music, video size and poster uploads', () => {
  it('mp3 without and with an ID3 tag, and AAC in ADTS frames: type 9 (audio) with their duration', async () => {
    const { h } = await owner();
    const plain = await put(h, 'material', 'a.mp3', makeMp3(100), 'audio/mpeg');
    expect(plain.body.ret, JSON.stringify(plain.body)).toBe(0);
    expect(plain.body.result).toMatchObject({
      type: FILE_TYPE.audio,
      mime: 'audio/mpeg',
      ext: 'mp3',
      width: null,
      height: null,
      duration: 2.612,
    });
    const tagged = await put(h, 'material', 'b.mp3', makeMp3(100, { id3: 200, fill: 8 }));
    expect(tagged.body.result).toMatchObject({ type: FILE_TYPE.audio, mime: 'audio/mpeg', duration: 2.612 });
    // a tag longer than the head the type sniffer sees (cover art): the frames are found after it
    const art = await put(h, 'material', 'c.mp3', makeMp3(50, { id3: 100 * 1024, fill: 9 }));
    expect(art.body.result).toMatchObject({ type: FILE_TYPE.audio, mime: 'audio/mpeg', duration: 1.306 });
    const aac = await put(h, 'material', 'd.aac', makeAdts(430), 'audio/aac');
    expect(aac.body.result).toMatchObject({ type: FILE_TYPE.audio, mime: 'audio/aac', ext: 'aac', duration: 9.985 });
    // real music made by ffmpeg (the demo's): ID3v2.4 then MPEG-2 Layer III frames, 16.07 s by ffprobe
    const real = await put(
      h,
      'material',
      'calm.mp3',
      readFileSync(join(import.meta.dirname, '../../seed/media/calm.mp3')),
    );
    expect(real.body.result).toMatchObject({ type: FILE_TYPE.audio, mime: 'audio/mpeg' });
    expect(real.body.result.duration).toBeCloseTo(16.07, 1);
    expect(tmpFiles()).toEqual([]);
  });

  it('under 10 MB: 10 MB − 1 passes, 10 MB and 10 MB + 1 are refused with the audio message (40013); nothing is kept', async () => {
    const { ent, h } = await owner();
    const edge = await put(h, 'material', 'edge.mp3', mp3Of(10 * MB - 1));
    expect(edge.body.ret, JSON.stringify(edge.body)).toBe(0);
    expect(edge.body.result.size).toBe(10 * MB - 1);
    for (const size of [10 * MB, 10 * MB + 1]) {
      const res = await put(h, 'material', 'long.mp3', mp3Of(size));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ ret: RET.tooLarge, msg: '音频需小于10MB' });
    }
    const en = await put(
      { ...h, cookie: 'language=en-US' },
      'material',
      'long.aac',
      makeAdts(Math.ceil((10 * MB + 1) / 16)).subarray(0, 10 * MB + 1),
    );
    expect(en.body).toMatchObject({ ret: RET.tooLarge, msg: 'The audio must be under 10 MB' });
    expect(await rowsOf(ent.companyId)).toHaveLength(1);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a renamed text file, and bytes that only start like music (40001); nothing is kept', async () => {
    const { ent, h } = await owner();
    const fakes = [
      Buffer.from('not music at all, just a text file renamed to .mp3\n'.repeat(40)),
      // two bytes of an mp3 frame header, then text: no second frame where the first one ends
      Buffer.concat([mp3Frame().subarray(0, 4), Buffer.from('hello '.repeat(200))]),
      // an ID3 tag longer than the sniffer's head, then text instead of frames
      Buffer.concat([makeMp3(0, { id3: 80 * 1024 }), Buffer.from('<html>'.repeat(100))]),
      // an ADTS header whose frame length points at text
      Buffer.concat([makeAdts(1), Buffer.from('x'.repeat(500))]),
    ];
    for (const data of fakes) {
      const res = await put(h, 'material', 'song.mp3', data, 'audio/mpeg');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        ret: RET.validation,
        msg: '文件类型不支持，请上传 MP4 视频、JPG/PNG 图片或 MP3/AAC 音频',
      });
    }
    // music is a material: not a logo, an avatar or a poster
    for (const kind of ['logo', 'avatar', 'poster'])
      expect((await put(h, kind, 'a.mp3', makeMp3(10))).body.ret).toBe(RET.validation);
    expect(await rowsOf(ent.companyId)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('a video keeps its picture size from its video track; a phone video turned a quarter reads upright', async () => {
    const { h } = await owner();
    const wide = await put(h, 'material', 'wide.mp4', makeMp4(5000, 1024, { width: 1920, height: 1080 }));
    expect(wide.body.result).toMatchObject({ type: FILE_TYPE.video, width: 1920, height: 1080, duration: 5 });
    const phone = await put(
      h,
      'material',
      'phone.mp4',
      makeMp4(3000, 1024, { width: 1920, height: 1080, turned: true }),
    );
    expect(phone.body.result).toMatchObject({ width: 1080, height: 1920 });
  });

  it('a poster frame: a jpg, png or webp of at most 200 KB; not a video, not larger', async () => {
    const { ent, h } = await owner();
    const sig = await permitOf(t, h, 'poster');
    expect(sig.result).toMatchObject({ maxSize: 200 * 1024, accept: ['image/png', 'image/jpeg', 'image/webp'] });
    const png = makePng(480, 270, 4);
    const ok = await put(h, 'poster', 'frame.png', Buffer.concat([png, Buffer.alloc(200 * 1024 - png.length)]));
    expect(ok.body.result).toMatchObject({
      kind: 'poster',
      type: FILE_TYPE.image,
      width: 480,
      height: 270,
      size: 200 * 1024,
    });
    const big = await put(h, 'poster', 'frame.png', Buffer.concat([png, Buffer.alloc(200 * 1024 + 1 - png.length, 1)]));
    expect(big.body).toMatchObject({ ret: RET.tooLarge, msg: '图片不能超过200KB' });
    expect((await put(h, 'poster', 'frame.png', makeMp4(1000))).body.ret).toBe(RET.validation);
    expect(await rowsOf(ent.companyId)).toHaveLength(1);
  });
});
