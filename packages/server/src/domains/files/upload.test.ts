import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { useTestApp } from '../../../test/harness.js';
import { storedKeys } from '../../../test/storage.js';
import { keyOf } from '../../storage/types.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../../test/factories.js';
import { BOUNDARY, ELF, MZ, makeMp4, makePng, permitOf, upload } from './fixtures.js';

const t = useTestApp();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const filesDir = () => join(t.config.dataDir, 'files');
const tmpFiles = () => readdirSync(join(filesDir(), 'tmp'));
const rowsOf = (enterpriseId: number) =>
  t.db.admin.query<{ id: number }>('select id from files where enterprise_id = $1', [enterpriseId]);

async function owner() {
  const ent = await makeEnterprise(t);
  return { ent, h: tenantHeaders(ent.owner, ent, ent.ownerRole) };
}

describe('file upload', () => {
  it('stores a real PNG by its hash: type 5, width and height, a signed URL serving the bytes', async () => {
    const { ent, h } = await owner();
    const png = makePng(3, 2);
    const sig = await permitOf(t, h, 'logo');
    expect(sig.result).toMatchObject({ maxSize: 200 * 1024, accept: ['image/png', 'image/jpeg', 'image/webp'] });
    expect(sig.result.expires - Date.now() / 1000).toBeGreaterThan(500);
    const res = await upload(t, h, sig.result.permit, {
      name: '门店标志.png',
      data: png,
      type: 'application/octet-stream',
    });
    expect(res.body.ret).toBe(0);
    expect(res.body.result).toMatchObject({
      hash: sha(png),
      type: 5,
      mime: 'image/png',
      ext: 'png',
      width: 3,
      height: 2,
      size: png.length,
      name: '门店标志.png',
      kind: 'logo',
    });
    const hash = sha(png);
    expect(await storedKeys(t.config)).toContain(keyOf(hash));
    expect(await buffer((await t.deps.storage.get(keyOf(hash))).stream)).toEqual(png);
    expect(tmpFiles()).toEqual([]);

    const raw = await t.app.inject({ method: 'GET', url: String(res.body.result.url) });
    expect(raw.statusCode).toBe(200);
    expect(raw.rawPayload).toEqual(png);
    expect(raw.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(raw.headers['content-disposition']).toBe(
      `inline; filename="____.png"; filename*=UTF-8''${encodeURIComponent('门店标志.png')}`,
    );

    // the same bytes again (header permit this time): the same record, no second row
    const again = await upload(
      t,
      h,
      (await permitOf(t, h, 'avatar')).result.permit,
      { name: 'b.png', data: png },
      'header',
    );
    expect(again.body.result.id).toBe(res.body.result.id);
    expect(await rowsOf(ent.companyId)).toHaveLength(1);
    const log = await t.db.admin.query('select verb, entity from oplog where enterprise_id = $1 and entity = $2', [
      ent.companyId,
      'file',
    ]);
    expect(log).toEqual([{ verb: 'create', entity: 'file' }]);
  });

  it('a video material: type 3 with its duration read from mvhd', async () => {
    const { h } = await owner();
    const mp4 = makeMp4(12345, 300 * 1024);
    const res = await upload(t, h, (await permitOf(t, h, 'material')).result.permit, {
      name: 'ad.mp4',
      data: mp4,
      type: 'video/mp4',
    });
    expect(res.body.result).toMatchObject({ type: 3, mime: 'video/mp4', ext: 'mp4', duration: 12.345, width: null });
    // and the same mp4 as a logo is the wrong type
    const logo = await upload(t, h, (await permitOf(t, h, 'logo')).result.permit, {
      name: 'ad.png',
      data: makeMp4(1000),
    });
    expect(logo.body).toMatchObject({ ret: RET.validation, msg: '文件类型不支持，请上传 PNG、JPG 或 WebP 图片' });
  });

  it('refuses renamed executables and HTML, whatever the name or MIME says; nothing is kept', async () => {
    const { ent, h } = await owner();
    for (const data of [ELF, MZ, Buffer.from('<!doctype html><html><script>alert(1)</script></html>')]) {
      for (const kind of ['logo', 'avatar', 'material']) {
        const res = await upload(t, h, (await permitOf(t, h, kind)).result.permit, {
          name: 'photo.jpg',
          data,
          type: 'image/jpeg',
        });
        expect(res.status).toBe(400);
        expect(res.body.ret).toBe(RET.validation);
      }
    }
    const en = await upload(t, { ...h, cookie: 'language=en-US' }, (await permitOf(t, h, 'material')).result.permit, {
      name: 'x.jpg',
      data: ELF,
    });
    expect(en.body.msg).toBe('Unsupported file type: upload an MP4 video, a JPG or PNG image, or MP3 or AAC audio');
    expect(await rowsOf(ent.companyId)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
    const stored = await storedKeys(t.config);
    expect(stored.some((p) => [sha(ELF), sha(MZ)].some((s) => p.endsWith(s)))).toBe(false);
  });

  it('a path in the file name is neutralised: stored under its hash, the name kept as a label only', async () => {
    const { h } = await owner();
    const png = makePng(4, 4, 9);
    const res = await upload(t, h, (await permitOf(t, h, 'avatar')).result.permit, {
      name: '../../etc/passwd.png',
      data: png,
    });
    expect(res.body.result).toMatchObject({ name: 'passwd.png', hash: sha(png) });
    expect(existsSync(join(t.config.dataDir, 'etc'))).toBe(false);
    expect(existsSync(join(filesDir(), '..', '..', 'etc', 'passwd.png'))).toBe(false);
    const win = await upload(t, h, (await permitOf(t, h, 'avatar')).result.permit, {
      name: '..\\..\\evil.png',
      data: makePng(4, 4, 10),
    });
    expect(win.body.result.name).toBe('evil.png');
  });

  it('oversize: 40013 from the permit request, the stream, and the per-type limit', async () => {
    const { ent, h } = await owner();
    const big = await permitOf(t, h, 'logo', `&size=${300 * 1024}`);
    expect(big).toMatchObject({ ret: RET.tooLarge, msg: '图片不能超过200KB' });
    const huge = Buffer.concat([makePng(2, 2), Buffer.alloc(300 * 1024, 1)]);
    const res = await upload(t, h, (await permitOf(t, h, 'logo')).result.permit, { name: 'big.png', data: huge });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ ret: RET.tooLarge, msg: '图片不能超过200KB' });
    // a material image of exactly 200 KB passes the stream cap (20 MB) but not "under 200 KB"
    const edge = Buffer.concat([makePng(2, 2, 3)]);
    const padded = Buffer.concat([edge, Buffer.alloc(200 * 1024 - edge.length)]);
    const m = await upload(t, { ...h, cookie: 'language=en-US' }, (await permitOf(t, h, 'material')).result.permit, {
      name: 'm.png',
      data: padded,
    });
    expect(m.body).toMatchObject({ ret: RET.tooLarge, msg: 'The image must be under 200 KB' });
    expect(await rowsOf(ent.companyId)).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('a permit is for its user and enterprise: another member, or a forged one, is refused', async () => {
    const { ent, h } = await owner();
    const other = await makeUser(t);
    const node = await addMemberWithRole(t, ent, other, 1);
    const ho = tenantHeaders(other, ent, node);
    const permit = (await permitOf(t, h, 'avatar')).result.permit;
    const res = await upload(t, ho, permit, { name: 'a.png', data: makePng(2, 2, 5) });
    expect(res.body).toMatchObject({ ret: RET.forbidden, msg: '上传凭证无效或已过期，请重新上传' });
    const forged = permit.replace(
      /^[^.]+/,
      Buffer.from(JSON.stringify({ e: ent.companyId, u: other.id, k: 'avatar', m: 1e9, x: 4e9 })).toString('base64url'),
    );
    expect((await upload(t, ho, forged, { name: 'a.png', data: makePng(2, 2, 5) })).body.ret).toBe(RET.forbidden);
    expect((await upload(t, ho, '', { name: 'a.png', data: makePng(2, 2, 5) })).body.ret).toBe(RET.forbidden);
    // an assistant may upload an avatar, but not ask for a logo or material permit
    expect((await permitOf(t, ho, 'avatar')).ret).toBe(0);
    expect((await permitOf(t, ho, 'logo')).ret).toBe(RET.forbidden);
    expect((await permitOf(t, ho, 'material')).ret).toBe(RET.forbidden);
    expect((await permitOf(t, ho, 'exe')).ret).toBe(RET.validation);
    expect(await rowsOf(ent.companyId)).toEqual([]);
  });

  it('an aborted upload leaves no temp file and no row', async () => {
    const { ent, h } = await owner();
    const permit = (await permitOf(t, h, 'material')).result.permit;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="permit"\r\n\r\n${permit}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/file/upload',
      headers: {
        ...h,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(head.length + 5 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined);
    req.write(head);
    req.write(makeMp4(5000, 512 * 1024));
    // wait until the server has started writing the temp file, then cut the connection
    for (let i = 0; i < 300 && tmpFiles().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tmpFiles().length).toBe(1);
    req.destroy();
    for (let i = 0; i < 300 && tmpFiles().length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tmpFiles()).toEqual([]);
    expect(await rowsOf(ent.companyId)).toEqual([]);
  });
});
