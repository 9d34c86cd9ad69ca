import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../../test/factories.js';
import { makeMp3, makePng, permitOf, upload } from '../files/fixtures.js';

// Where a material is used, and deleting it (issue 9 §1): an ad content uses a file in its
// pictures/videos or its music, a product in its images. A content or product that is not deleted
// holds the file through its enabled version and through a draft or edit under way; older versions
// are history. Deleting is refused (40009) while anything holds it, and removes only the entry.

const t = useTestApp();
type Row = { id: number; fileId: number; title: string; usedBy: { id: number; name: string }[]; products: number };
type Headers = Record<string, string>;
type Record_ = { id: number; status: number };

const IN_CONTENT = '素材正在被广告内容使用，请先在广告内容中移除后再删除';
const IN_PRODUCT = '素材正在被商品图片使用，请先在商品中移除后再删除';

async function library() {
  const ent = await makeEnterprise(t);
  const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
  const reviewer = await makeUser(t, 'reviewer');
  const rh = tenantHeaders(reviewer, ent, await addMemberWithRole(t, ent, reviewer, 3));
  let seed = 0;
  const saved = async (title: string, data: Buffer = makePng(1920, 1080, ++seed)) => {
    const file = await upload(t, h, (await permitOf(t, h, 'material')).result.permit, { name: `${title}.bin`, data });
    const res = await post<{ id: number; fileId: number }>(t, 'file/save', { id: file.body.result.id, title }, h);
    expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
    return res.body.result;
  };
  const call = async <T = Record_>(path: string, body: Record<string, unknown>, as: Headers = h) => {
    const res = await post<T>(t, path, body, as);
    expect(res.body.ret, `${path} ${JSON.stringify(res.body)}`).toBe(0);
    return res.body.result;
  };
  const rowOf = async (id: number) =>
    (await post<{ list: Row[] }>(t, 'material/list', { pageSize: 100 }, h)).body.result.list.find((r) => r.id === id);
  const remove = async (id: number) => (await post(t, 'material/delete', { id }, h)).body;
  const approve = async (entity: string, id: number) => {
    await call(`${entity}/apply`, { id });
    return call(`${entity}/examine`, { id, pass: 1 }, rh);
  };
  return { ent, h, saved, call, rowOf, remove, approve };
}

const carousel = (name: string, ...fileIds: number[]) => ({
  name,
  adType: 'main',
  items: JSON.stringify(fileIds.map((fileId) => ({ fileId }))),
});

describe('materials in use', () => {
  it('usedBy names the contents whose pictures or music use it (deleted ones aside); products are counted', async () => {
    const { saved, call, rowOf } = await library();
    const pic = await saved('海报');
    const song = await saved('音乐', makeMp3(20));
    const idle = await saved('闲置');
    const a = await call('ad-content/create', carousel('甲轮播', pic.fileId));
    const b = await call('ad-content/create', {
      ...carousel('乙轮播', idle.fileId, pic.fileId),
      bgm: JSON.stringify([{ fileId: song.fileId }]),
    });
    const music = await call('ad-content/create', {
      name: '背景乐',
      adType: 'bgm',
      bgm: JSON.stringify([{ fileId: song.fileId }]),
    });
    await call('commodity/create', { name: '围巾', code: 'W1', images: JSON.stringify([idle.fileId, pic.fileId]) });
    await call('commodity/create', { name: '手套', code: 'G1', images: JSON.stringify([pic.fileId]) });

    expect(await rowOf(pic.id)).toMatchObject({
      usedBy: [
        { id: a.id, name: '甲轮播' },
        { id: b.id, name: '乙轮播' },
      ],
      products: 2,
    });
    expect(await rowOf(song.id)).toMatchObject({
      usedBy: [
        { id: b.id, name: '乙轮播' },
        { id: music.id, name: '背景乐' },
      ],
      products: 0,
    });
    expect(await rowOf(idle.id)).toMatchObject({ usedBy: [{ id: b.id, name: '乙轮播' }], products: 1 });
    // a draft moved to the recycle bin no longer counts
    await call('ad-content/delete-own', { id: a.id });
    expect((await rowOf(pic.id))?.usedBy).toEqual([{ id: b.id, name: '乙轮播' }]);
  });

  it('delete is refused (40009) while a content or a product uses it, and allowed once nothing does; the file stays', async () => {
    const { ent, saved, call, rowOf, remove } = await library();
    const pic = await saved('冬季海报');
    const content = await call('ad-content/create', carousel('冬季轮播', pic.fileId));
    const product = await call('commodity/create', { name: '围巾', code: 'W1', images: JSON.stringify([pic.fileId]) });
    expect(await remove(pic.id)).toMatchObject({ ret: RET.conflict, msg: IN_CONTENT });
    await call('ad-content/delete-own', { id: content.id });
    expect(await remove(pic.id)).toMatchObject({ ret: RET.conflict, msg: IN_PRODUCT });
    // a draft's edit rewrites its only version: the picture is named nowhere after it
    await call('commodity/update', { id: product.id, name: '围巾', code: 'W1', images: '[]' });
    expect(await remove(pic.id)).toMatchObject({ ret: 0, result: { id: pic.id } });
    expect(await rowOf(pic.id)).toBeUndefined();
    expect(await remove(pic.id)).toMatchObject({ ret: RET.notFound, msg: '素材不存在' });
    const [file] = await t.db.admin.query('select id from files where id = $1 and enterprise_id = $2', [
      pic.fileId,
      ent.companyId,
    ]);
    expect(file).toEqual({ id: pic.fileId });
    const log = await t.db.admin.query<{ verb: string; label: string }>(
      `select verb, label from oplog where enterprise_id = $1 and entity = 'material' and entity_id = $2 order by id`,
      [ent.companyId, String(pic.id)],
    );
    expect(log).toEqual([
      { verb: 'create', label: '冬季海报' },
      { verb: 'delete', label: '冬季海报' },
    ]);
  });

  it('an enabled content holds its material until an approved edit drops it: older versions are history', async () => {
    const { saved, call, rowOf, remove, approve } = await library();
    const first = await saved('第一版图');
    const second = await saved('第二版图');
    const content = await call('ad-content/create', carousel('门店轮播', first.fileId));
    await approve('ad-content', content.id);
    // an edit under way: the enabled version still plays the first picture, the draft shows the second
    await call('ad-content/update', { id: content.id, ...carousel('门店轮播', second.fileId) });
    expect((await rowOf(first.id))?.usedBy).toEqual([{ id: content.id, name: '门店轮播' }]);
    expect((await rowOf(second.id))?.usedBy).toEqual([{ id: content.id, name: '门店轮播' }]);
    expect((await remove(first.id)).ret).toBe(RET.conflict);
    expect((await remove(second.id)).ret).toBe(RET.conflict);
    // approved: version 1 is history now
    await approve('ad-content', content.id);
    expect((await rowOf(first.id))?.usedBy).toEqual([]);
    expect((await remove(first.id)).ret).toBe(0);
    expect((await remove(second.id)).ret).toBe(RET.conflict);
    // a deleted content holds nothing
    await call('ad-content/delete', { id: content.id });
    expect((await remove(second.id)).ret).toBe(0);
  });
});
