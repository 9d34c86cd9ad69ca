import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_TYPE, RET } from '@vitrine/contract';
import { post, useTestApp, type TestApp } from '../../../test/harness.js';
import {
  addMemberWithRole,
  makeEnterprise,
  makeUser,
  tenantHeaders,
  type TestEnterprise,
} from '../../../test/factories.js';
import { makeMp3, makeMp4, makePng, permitOf, upload } from '../files/fixtures.js';

// The materials library through the real app (issue 9 §1): file/save keeps one entry per file with
// a video's poster frame; material/list pages newest first by media type and title keyword, with
// signed URLs and size advice; rename; another enterprise's entries are neither seen nor touched;
// the /advert bits are required. Where a material is used and deleting it: in-use.test.ts.

const t = useTestApp();
type MaterialRow = {
  id: number;
  fileId: number;
  title: string;
  url: string;
  posterUrl: string | null;
  advice: string | null;
  usedBy: { id: number; name: string }[];
};
type MaterialList = { list: MaterialRow[]; total: number; pageNum: number; pageSize: number };
type Headers = Record<string, string>;

/** Upload as this caller: the file's record. */
const storedIn = (t: TestApp, h: Headers) => async (kind: string, name: string, data: Buffer) => {
  const res = await upload(t, h, (await permitOf(t, h, kind)).result.permit, { name, data });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
  return res.body.result as { id: number };
};
/** Upload a material and attach it to the library under a title: the entry. */
const savedIn =
  (t: TestApp, h: Headers) =>
  async (title: string, data: Buffer, extra: Record<string, unknown> = {}) => {
    const file = await storedIn(t, h)('material', `${title}.bin`, data);
    const res = await post<{ id: number; fileId: number; title: string }>(
      t,
      'file/save',
      { id: file.id, title, ...extra },
      h,
    );
    expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
    return res.body.result;
  };
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const headersOf = (ent: TestEnterprise) => tenantHeaders(ent.owner, ent, ent.ownerRole);
const listOf = async (h: Record<string, string>, body: Record<string, unknown> = {}) => {
  const res = await post<MaterialList>(t, 'material/list', body, h);
  expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
  return res.body.result;
};
const titles = async (h: Record<string, string>, body: Record<string, unknown> = {}) =>
  (await listOf(h, body)).list.map((r) => r.title);
const bytesAt = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

describe('materials library', () => {
  it('file/save: one entry per file, a poster frame for a video only, from this enterprise only', async () => {
    const ent = await makeEnterprise(t);
    const h = headersOf(ent);
    const stored = storedIn(t, h);
    const saved = savedIn(t, h);
    const frame = makePng(480, 270, 3);
    const poster = await stored('poster', 'frame.png', frame);
    const mp4 = makeMp4(4000, 2048, { width: 1920, height: 1080 });
    const video = await saved('门店视频', mp4, { posterId: poster.id });

    // the same file again, and the same bytes uploaded again: the first entry, its title kept
    expect(await saved('又一次', mp4)).toMatchObject({ id: video.id, fileId: video.fileId, title: '门店视频' });
    expect((await post(t, 'file/save', { id: video.fileId, title: '第三次' }, h)).body.result).toMatchObject({
      id: video.id,
      title: '门店视频',
    });
    expect(await t.db.admin.query('select id from materials where file_id = $1', [video.fileId])).toEqual([
      { id: video.id },
    ]);
    const row = (await listOf(h)).list.find((r) => r.id === video.id)!;
    expect(row).toMatchObject({
      type: FILE_TYPE.video,
      width: 1920,
      height: 1080,
      duration: 4,
      advice: null,
      sha256: sha(mp4),
    });
    expect(row.posterUrl).toMatch(new RegExp(`/file/raw/${poster.id}\\?`));
    expect(await bytesAt(row.posterUrl!)).toEqual(frame);
    expect(await bytesAt(row.url)).toEqual(mp4);

    // an entry without a poster gains the first one given, and keeps it
    const plain = await saved('无封面', makeMp4(2000, 512));
    expect((await listOf(h)).list.find((r) => r.id === plain.id)?.posterUrl).toBeNull();
    expect((await post(t, 'file/save', { id: plain.fileId, title: 'x', posterId: poster.id }, h)).body.result.id).toBe(
      plain.id,
    );
    const second = await stored('poster', 'other.png', makePng(480, 270, 4));
    expect((await post(t, 'file/save', { id: plain.fileId, title: 'x', posterId: second.id }, h)).body.ret).toBe(0);
    expect((await listOf(h)).list.find((r) => r.id === plain.id)?.posterUrl).toMatch(
      new RegExp(`/file/raw/${poster.id}\\?`),
    );

    // references that are not what they should be: 40001 on the field, as for any reference in a body
    const picture = await saved('图片', makePng(1920, 1080, 5));
    const avatar = await stored('avatar', 'me.png', makePng(8, 8, 9));
    const other = await makeEnterprise(t);
    const foreignPoster = await storedIn(t, headersOf(other))('poster', 'theirs.png', makePng(480, 270, 6));
    const refused = async (body: Record<string, unknown>, field: string, msg: string) => {
      const res = await post(t, 'file/save', { title: 'x', ...body }, h);
      expect(res.body, JSON.stringify(body)).toMatchObject({
        ret: RET.validation,
        msg,
        result: { fields: [{ field }] },
      });
    };
    const notPoster = '封面图须为本企业上传的视频封面图片';
    await refused({ id: video.fileId, posterId: picture.fileId }, 'posterId', notPoster);
    await refused({ id: video.fileId, posterId: foreignPoster.id }, 'posterId', notPoster);
    await refused({ id: video.fileId, posterId: 2_000_000_000 }, 'posterId', notPoster);
    await refused({ id: picture.fileId, posterId: poster.id }, 'posterId', '只有视频素材可以设置封面图');
    await refused({ id: avatar.id }, 'id', '文件类型不支持，请上传 MP4 视频、JPG/PNG 图片或 MP3/AAC 音频');
    await refused({ id: poster.id }, 'id', '文件类型不支持，请上传 MP4 视频、JPG/PNG 图片或 MP3/AAC 音频');
    // another enterprise's file is not found at all
    const theirs = await storedIn(t, headersOf(other))('material', 'theirs.png', makePng(20, 20, 7));
    expect((await post(t, 'file/save', { id: theirs.id, title: 'x' }, h)).body.ret).toBe(RET.notFound);
    expect((await listOf(h)).total).toBe(3);
  });

  it('lists newest first by media type and title keyword (matched literally), in pages, with size advice', async () => {
    const h = headersOf(await makeEnterprise(t));
    const saved = savedIn(t, h);
    const song = makeMp3(100);
    await saved('横幅', makePng(1920, 1080, 1));
    await saved('竖幅', makePng(1080, 1920, 2));
    await saved('小图', makePng(300, 200, 3));
    await saved('高清视频', makeMp4(3000, 512, { width: 1920, height: 1080 }));
    await saved('标清视频', makeMp4(3000, 640, { width: 1280, height: 720 }));
    await saved('背景音乐', song);
    await saved('满100%_立减', makePng(1920, 1080, 4));

    const all = await listOf(h);
    expect(all.total).toBe(7);
    expect(all.list.map((r) => r.title)).toEqual([
      '满100%_立减',
      '背景音乐',
      '标清视频',
      '高清视频',
      '小图',
      '竖幅',
      '横幅',
    ]);
    const advice = Object.fromEntries(all.list.map((r) => [r.title, r.advice]));
    expect(advice).toEqual({
      横幅: null,
      竖幅: null,
      小图: 'size',
      高清视频: null,
      标清视频: 'size',
      背景音乐: null,
      '满100%_立减': null,
    });
    expect(all.list.find((r) => r.title === '背景音乐')).toMatchObject({
      type: FILE_TYPE.audio,
      mime: 'audio/mpeg',
      ext: 'mp3',
      size: song.length,
      sha256: sha(song),
      width: null,
      height: null,
      duration: 2.612,
      posterUrl: null,
      usedBy: [],
      products: 0,
    });

    const paged = await listOf(h, { pageNum: 2, pageSize: 3 });
    expect(paged).toMatchObject({ total: 7, pageNum: 2, pageSize: 3 });
    expect(paged.list.map((r) => r.title)).toEqual(['高清视频', '小图', '竖幅']);
    expect((await listOf(h, { pageNum: 3, pageSize: 3 })).list.map((r) => r.title)).toEqual(['横幅']);
    expect(await listOf(h, { pageNum: 9, pageSize: 3 })).toMatchObject({ total: 7, list: [] });

    expect(await titles(h, { type: 'video' })).toEqual(['标清视频', '高清视频']);
    expect(await titles(h, { type: 'audio' })).toEqual(['背景音乐']);
    expect(await titles(h, { type: 'image' })).toEqual(['满100%_立减', '小图', '竖幅', '横幅']);
    expect(await listOf(h, { type: 'image', pageSize: 1, pageNum: 2 })).toMatchObject({
      total: 4,
      list: [{ title: '小图' }],
    });
    expect(await titles(h, { keyword: '视频' })).toEqual(['标清视频', '高清视频']);
    expect(await titles(h, { keyword: '视频', type: 'image' })).toEqual([]);
    for (const keyword of ['%', '_', '0%_']) expect(await titles(h, { keyword })).toEqual(['满100%_立减']);
    expect(await titles(h, { keyword: '\\' })).toEqual([]);
    for (const bad of [{ type: 'pdf' }, { pageSize: 0 }, { keyword: 'x'.repeat(101) }]) {
      expect((await post(t, 'material/list', bad, h)).body.ret, JSON.stringify(bad)).toBe(RET.validation);
    }
  });

  it('renames an entry (logged as an update of the material); the title is required and at most 100 characters', async () => {
    const ent = await makeEnterprise(t);
    const h = headersOf(ent);
    const m = await savedIn(t, h)('旧名字', makePng(1920, 1080, 8));
    const res = await post<MaterialRow>(t, 'material/rename', { id: m.id, title: '  新名字 ' }, h);
    expect(res.body.result).toMatchObject({ id: m.id, fileId: m.fileId, title: '新名字', usedBy: [] });
    expect(await titles(h)).toEqual(['新名字']);
    const log = await t.db.admin.query<{ verb: string; label: string; summary: unknown }>(
      `select verb, label, summary from oplog where enterprise_id = $1 and entity = 'material' order by id`,
      [ent.companyId],
    );
    expect(log.map((r) => [r.verb, r.label])).toEqual([
      ['create', '旧名字'],
      ['update', '新名字'],
    ]);
    expect(log[1].summary).toEqual({ before: { title: '旧名字' }, after: { title: '新名字' } });
    for (const title of ['', '   ', 'x'.repeat(101)])
      expect((await post(t, 'material/rename', { id: m.id, title }, h)).body.ret).toBe(RET.validation);
    expect((await post(t, 'material/rename', { id: m.id + 1_000_000, title: 'x' }, h)).body).toMatchObject({
      ret: RET.notFound,
      msg: '素材不存在',
    });
  });

  it("another enterprise's entries are not listed, renamed or deleted (40004), and its list holds only its own", async () => {
    const a = await makeEnterprise(t);
    const b = await makeEnterprise(t);
    const ha = headersOf(a);
    const hb = headersOf(b);
    const mine = await savedIn(t, ha)('甲的素材', makePng(1920, 1080, 10));
    await savedIn(t, hb)('乙的素材', makePng(1920, 1080, 11));
    expect(await titles(ha)).toEqual(['甲的素材']);
    expect(await titles(hb)).toEqual(['乙的素材']);
    expect((await post(t, 'material/rename', { id: mine.id, title: '偷改' }, hb)).body.ret).toBe(RET.notFound);
    expect((await post(t, 'material/delete', { id: mine.id }, hb)).body.ret).toBe(RET.notFound);
    expect(await titles(ha)).toEqual(['甲的素材']);
  });

  it('a shop assistant (no /advert bits) can neither list nor change the library', async () => {
    const ent = await makeEnterprise(t);
    const m = await savedIn(t, headersOf(ent))('素材', makePng(1920, 1080, 12));
    const user = await makeUser(t);
    const h = tenantHeaders(user, ent, await addMemberWithRole(t, ent, user, 1));
    for (const [path, body] of [
      ['material/list', {}],
      ['material/rename', { id: m.id, title: 'x' }],
      ['material/delete', { id: m.id }],
      ['file/save', { id: m.fileId, title: 'x' }],
    ] as const) {
      expect((await post(t, path, body, h)).body.ret, path).toBe(RET.forbidden);
    }
    expect(await titles(headersOf(ent))).toEqual(['素材']);
  });
});
