import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../../test/factories.js';
import { makeMp4, makePng, permitOf, upload } from '../files/fixtures.js';

// The materials library through the real app (issue 9 §1): audio for background music sniffed from
// the bytes, a video's poster frame, one entry per content, list filters, where a material is used,
// rename, delete refused while a content or product uses it, another enterprise's entries unseen.

const t = useTestApp();
type Row = { id: number; fileId: number; title: string; mime: string; posterUrl: string | null; usedBy: { id: number; name: string }[]; products: number; advice: string | null };
type List = { list: Row[]; total: number };

const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413, 7)]);
const mp3 = (n: number, id3 = false) => Buffer.concat([...(id3 ? [Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0])] : []), ...Array.from({ length: n }, () => frame)]);
const adts = Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), Buffer.alloc(9)]);

async function stored(h: Record<string, string>, kind: string, name: string, data: Buffer) {
  const res = await upload(t, h, (await permitOf(t, h, kind)).result.permit, { name, data });
  return res.body;
}

async function saved(h: Record<string, string>, kind: string, name: string, data: Buffer, extra: Record<string, unknown> = {}) {
  const file = await stored(h, kind, name, data);
  expect(file.ret, JSON.stringify(file)).toBe(0);
  const m = await post<{ id: number; fileId: number }>(t, 'file/save', { id: file.result.id, title: name, ...extra }, h);
  expect(m.body.ret, JSON.stringify(m.body)).toBe(0);
  return m.body.result;
}

describe('materials library', () => {
  it('takes mp3 (with or without ID3) and AAC music, refuses a renamed text file and audio of 10 MB', async () => {
    const ent = await makeEnterprise(t);
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    for (const [name, data, mime] of [['a.mp3', mp3(4), 'audio/mpeg'], ['b.mp3', mp3(4, true), 'audio/mpeg'], ['c.aac', Buffer.concat([adts, adts, adts]), 'audio/aac']] as const) {
      const res = await stored(h, 'material', name, data);
      expect(res.ret, name).toBe(0);
      expect(res.result.mime).toBe(mime);
    }
    expect((await stored(h, 'material', 'song.mp3', Buffer.from('not music at all, just text '.repeat(20)))).ret).toBe(RET.validation);
    const big = await stored(h, 'material', 'long.mp3', mp3(Math.ceil((10 * 1024 * 1024) / frame.length)));
    expect(big).toMatchObject({ ret: RET.tooLarge, msg: '音频需小于10MB' });
  });

  it('keeps one entry per content with its poster frame; lists by type and keyword with size advice', async () => {
    const ent = await makeEnterprise(t);
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const poster = await stored(h, 'poster', 'v.jpg', makePng(480, 270, 3));
    expect(poster.ret).toBe(0);
    const video = await saved(h, 'material', '门店视频', makeMp4(4000), { posterId: poster.result.id });
    const again = await saved(h, 'material', '又一次', makeMp4(4000));
    expect(again.id).toBe(video.id);
    await saved(h, 'material', '横幅', makePng(1920, 1080, 1));
    await saved(h, 'material', '小图', makePng(300, 200, 2));
    await saved(h, 'material', '背景音乐', mp3(4));
    // a logo is not a material; a poster must be a poster of this enterprise
    const logo = await stored(h, 'avatar', 'me.png', makePng(8, 8, 9));
    expect((await post(t, 'file/save', { id: logo.result.id, title: 'x' }, h)).body.ret).toBe(RET.validation);
    expect((await post(t, 'file/save', { id: video.fileId, title: 'x', posterId: logo.result.id }, h)).body.ret).toBe(RET.validation);

    const all = (await post<List>(t, 'material/list', {}, h)).body.result;
    expect(all.total).toBe(4);
    const byTitle = new Map(all.list.map((r) => [r.title, r]));
    expect(byTitle.get('门店视频')?.posterUrl).toMatch(/\/file\/raw\//);
    expect(byTitle.get('横幅')?.advice).toBeNull();
    expect(byTitle.get('小图')?.advice).toBe('size');
    expect(byTitle.get('背景音乐')?.advice).toBeNull();
    const titles = async (body: Record<string, unknown>) => (await post<List>(t, 'material/list', body, h)).body.result.list.map((r) => r.title).sort();
    expect(await titles({ type: 'video' })).toEqual(['门店视频']);
    expect(await titles({ type: 'audio' })).toEqual(['背景音乐']);
    expect(await titles({ type: 'image' })).toEqual(['小图', '横幅'].sort());
    expect(await titles({ keyword: '横' })).toEqual(['横幅']);
    expect(await titles({ keyword: '%' })).toEqual([]);
    expect((await post(t, 'material/list', { type: 'pdf' }, h)).body.ret).toBe(RET.validation);
  });

  it('says where a material is used and refuses to delete it until nothing uses it; renames; other enterprises see nothing', async () => {
    const ent = await makeEnterprise(t);
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const pic = await saved(h, 'material', '冬季海报', makePng(1920, 1080, 11));
    const content = await post<{ id: number }>(t, 'ad-content/create', { name: '冬季轮播', adType: 'main', items: JSON.stringify([{ fileId: pic.fileId }]) }, h);
    expect(content.body.ret).toBe(0);
    const product = await post<{ id: number }>(t, 'commodity/create', { name: '围巾', code: 'W1', images: JSON.stringify([pic.fileId]) }, h);
    expect(product.body.ret).toBe(0);
    const row = async () => (await post<List>(t, 'material/list', {}, h)).body.result.list.find((r) => r.id === pic.id)!;
    expect((await row()).usedBy).toEqual([{ id: content.body.result.id, name: '冬季轮播' }]);
    expect((await row()).products).toBe(1);

    const refused = await post(t, 'material/delete', { id: pic.id }, h);
    expect(refused.body).toMatchObject({ ret: RET.conflict, msg: '素材正在被广告内容或商品使用，不能删除' });
    expect((await post(t, 'ad-content/delete-own', { id: content.body.result.id }, h)).body.ret).toBe(0);
    expect((await post(t, 'material/delete', { id: pic.id }, h)).body.ret).toBe(RET.conflict);
    // a draft's edit rewrites its only version: the picture is no longer named anywhere
    expect((await post(t, 'commodity/update', { id: product.body.result.id, name: '围巾', code: 'W1', images: '[]' }, h)).body.ret).toBe(0);
    expect((await row()).products).toBe(0);

    const other = await makeEnterprise(t);
    const oh = tenantHeaders(other.owner, other, other.ownerRole);
    expect((await post<List>(t, 'material/list', {}, oh)).body.result.total).toBe(0);
    expect((await post(t, 'material/rename', { id: pic.id, title: '偷改' }, oh)).body.ret).toBe(RET.notFound);
    expect((await post(t, 'material/delete', { id: pic.id }, oh)).body.ret).toBe(RET.notFound);

    const renamed = await post<Row>(t, 'material/rename', { id: pic.id, title: '冬季海报 v2' }, h);
    expect(renamed.body.result.title).toBe('冬季海报 v2');
    expect((await post(t, 'material/delete', { id: pic.id }, h)).body.ret).toBe(0);
    expect((await post<List>(t, 'material/list', {}, h)).body.result.total).toBe(0);
  });

  it('a shop assistant (no /advert bits) can neither list nor change the library', async () => {
    const ent = await makeEnterprise(t);
    const user = await makeUser(t);
    const node = await addMemberWithRole(t, ent, user, 1);
    const h = tenantHeaders(user, ent, node);
    expect((await post(t, 'material/list', {}, h)).body.ret).toBe(RET.forbidden);
    expect((await post(t, 'material/delete', { id: 1 }, h)).body.ret).toBe(RET.forbidden);
  });
});
