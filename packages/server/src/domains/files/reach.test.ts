import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { activated, makeDevice, makeFleet, type Fleet } from '../../../test/devices.js';
import { addMemberWithRange, makeEnterprise, makeShop, makeUser, tenantHeaders } from '../../../test/factories.js';
import { BOUNDARY, makePng, multipartBody, permitOf, upload } from './fixtures.js';

// file/url and file/info sign a file only for its uploaders and for whoever may read a record that
// holds it, by that record's rule (issue 24 §1): over real HTTP, as shop assistants and managers of
// two shops, and as another enterprise.

const t = useTestApp();
type H = Record<string, string>;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function send(h: H, kind: string, name: string, data: Buffer): Promise<number> {
  const permit = await permitOf(t, h, kind);
  expect(permit.ret, JSON.stringify(permit)).toBe(0);
  const res = await upload(t, h, permit.result.permit, { name, data });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
  return Number(res.body.result.id);
}

const url = (h: H, by: { id: number } | { hash: string }) => post<{ url: string }>(t, 'file/url', by, h);

describe('file/url and file/info: only for who may read a record holding the file, or uploaded it', () => {
  let f: Fleet;
  const people: Record<string, H> = {};
  let pdf: number;
  let material: number;
  let informId: number;
  let shopB: number;
  const materialPng = makePng(6, 6, 41);

  beforeAll(async () => {
    f = await makeFleet(t);
    shopB = await makeShop(t, f.ent, { province: '11', city: '1101', district: '110101' }, f.rev);
    const member = async (key: string, role: 1 | 2, shop: number) => {
      const u = await makeUser(t, key);
      people[key] = tenantHeaders(u, f.ent, await addMemberWithRange(t, f.ent, u, role, { s: [String(shop)] }));
    };
    await member('managerA', 2, f.shop);
    await member('assistantA', 1, f.shop);
    await member('assistantB', 1, shopB);
    await member('managerB', 2, shopB);
    // a managers-only notification to shop A, with an attachment
    pdf = await send(f.sup, 'attachment', '店长手册.pdf', PDF);
    const c = await post<{ id: number }>(
      t,
      'inform/create',
      {
        title: '店长会议',
        body: '<p>仅店长</p>',
        targets: { s: [f.shop] },
        roles: [2],
        attachments: [pdf],
      },
      f.sup,
    );
    expect(c.body.ret, JSON.stringify(c.body)).toBe(0);
    informId = c.body.result.id;
    await post(t, 'inform/apply', { id: informId }, f.sup);
    expect((await post(t, 'inform/examine', { id: informId, pass: 1 }, f.revHeaders)).body.ret).toBe(0);
    expect((await post<{ recipients: number }>(t, 'inform/send', { id: informId }, f.sup)).body.result.recipients).toBe(
      1,
    );
    // a picture in the materials library
    material = await send(f.sup, 'material', '海报.png', materialPng);
    expect((await post(t, 'file/save', { id: material, title: '海报' }, f.sup)).body.ret).toBe(0);
  });

  it('a managers-only attachment: signed for its recipient, refused to a shop assistant as inform/download refuses it', async () => {
    const signed = await url(people.managerA, { id: pdf });
    expect(signed.body.ret, JSON.stringify(signed.body)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: signed.body.result.url })).rawPayload.equals(PDF)).toBe(true);
    expect((await post(t, 'inform/download', { id: informId, fileId: pdf }, people.assistantB)).body.ret).toBe(
      RET.forbidden,
    );
    for (const who of ['assistantB', 'managerB']) {
      expect((await url(people[who], { id: pdf })).body, who).toMatchObject({
        ret: RET.forbidden,
        msg: '您无权查看该文件',
      });
      expect((await url(people[who], { hash: sha(PDF) })).body.ret, who).toBe(RET.forbidden);
      // file/info does not even tell that the bytes are here
      expect((await post(t, 'file/info', { hash: sha(PDF) }, people[who])).body.ret, who).toBe(RET.notFound);
    }
    // the author's side: whoever reaches the record (the supervisor) reads it too
    expect((await url(f.sup, { id: pdf })).body.ret).toBe(0);
    expect((await post(t, 'file/info', { hash: sha(PDF) }, people.managerA)).body.result).toMatchObject({ id: pdf });
  });

  it('the materials library: signed for every member with the advertising view bit, not for shop assistants', async () => {
    expect((await url(people.managerB, { id: material })).body.ret).toBe(0);
    expect((await url(people.managerA, { hash: sha(materialPng) })).body.ret).toBe(0);
    expect((await url(people.assistantA, { id: material })).body.ret).toBe(RET.forbidden);
  });

  it('a file held by no record is its uploader’s; sending the same bytes makes one an uploader', async () => {
    const own = await send(people.assistantA, 'attachment', '陈列.png', makePng(5, 5, 42));
    expect((await url(people.assistantA, { id: own })).body.ret).toBe(0);
    expect((await url(people.managerA, { id: own })).body.ret).toBe(RET.forbidden);
    // nor can a file be passed into the library (or a record) by someone who may not read it
    expect((await post(t, 'file/save', { id: pdf, title: 'x' }, people.managerB)).body.ret).toBe(RET.forbidden);
    const aimed = (shop: number) => ({ title: '转发', body: '<p>x</p>', targets: { s: [shop] }, attachments: [pdf] });
    const laundered = await post(t, 'inform/create', aimed(shopB), people.managerB);
    expect(laundered.body).toMatchObject({
      ret: RET.validation,
      result: { fields: [{ field: 'attachments', message: '您无权查看该文件' }] },
    });
    const [{ n }] = await t.db.admin.query<{ n: number }>('select count(*)::int as n from informs where title = $1', [
      '转发',
    ]);
    expect(n).toBe(0);
    // its recipient may pass it on
    expect((await post(t, 'inform/create', aimed(f.shop), people.managerA)).body.ret).toBe(0);
    // the bytes themselves are proof enough: the same row, now readable by the second uploader
    expect(await send(people.assistantB, 'attachment', 'copy.pdf', PDF)).toBe(pdf);
    expect((await url(people.assistantB, { id: pdf })).body.ret).toBe(0);
  });

  it("a receipt's photo: read where inform/receipts shows the receipt; only a file the recipient may read goes in", async () => {
    const photo = await send(people.managerA, 'attachment', '陈列照.png', makePng(8, 8, 44));
    const someoneElses = await send(people.assistantA, 'attachment', '别人的.png', makePng(8, 8, 45));
    expect(
      (await post(t, 'inform/check', { id: informId, reply: '好', photoId: someoneElses }, people.managerA)).body,
    ).toMatchObject({
      ret: RET.validation,
      result: { fields: [{ field: 'photoId' }] },
    });
    expect(
      (await post(t, 'inform/check', { id: informId, reply: '好', photoId: photo }, people.managerA)).body.ret,
    ).toBe(0);
    expect((await url(f.sup, { id: photo })).body.ret).toBe(0);
    expect((await url(people.managerB, { id: photo })).body.ret).toBe(RET.forbidden);
    expect(
      (await post(t, 'inform/receipts', { id: informId, pageNum: 1, pageSize: 10 }, people.managerB)).body.ret,
    ).toBe(RET.forbidden);
    // a shop assistant of the same shop reaches the notification and sees its receipts: the photo too, by either call
    const seen = await post<{ list: { photoUrl: string | null }[] }>(
      t,
      'inform/receipts',
      { id: informId, pageNum: 1, pageSize: 10 },
      people.assistantA,
    );
    expect(seen.body.result.list.some((r) => r.photoUrl?.startsWith(`/api/file/raw/${photo}?`))).toBe(true);
    expect((await url(people.assistantA, { id: photo })).body.ret).toBe(0);
  });

  it("a screen's screenshot: signed for who reaches the device (its shop in range, the store view bit)", async () => {
    const device = await makeDevice(t, f);
    const token = await activated(t, f, device);
    const q = await post<{ commands: { id: number }[] }>(
      t,
      'device/manage',
      { ids: [device.id], action: 'screenshot' },
      f.sup,
    );
    const shot = await t.app.inject({
      method: 'POST',
      url: '/device-api/screenshot',
      headers: { dt: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody(
        { name: 'shot.png', data: makePng(64, 36, 43) },
        { commandId: String(q.body.result.commands[0].id) },
      ),
    });
    const fileId = Number(shot.json().result.fileId);
    expect((await url(people.managerA, { id: fileId })).body.ret).toBe(0);
    expect((await url(people.managerB, { id: fileId })).body.ret).toBe(RET.forbidden);
    expect((await url(people.assistantA, { id: fileId })).body.ret).toBe(RET.forbidden);
  });

  it('another enterprise never gets a file of this one, whoever holds it', async () => {
    const other = await makeEnterprise(t);
    const h = tenantHeaders(other.owner, other, other.ownerRole);
    for (const id of [pdf, material]) expect((await url(h, { id })).body.ret).toBe(RET.notFound);
    expect((await url(h, { hash: sha(PDF) })).body.ret).toBe(RET.notFound);
    expect((await post(t, 'file/info', { hash: sha(materialPng) }, h)).body.ret).toBe(RET.notFound);
  });
});
