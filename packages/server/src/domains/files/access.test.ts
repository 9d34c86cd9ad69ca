import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { makeEnterprise, tenantHeaders } from '../../../test/factories.js';
import { makePng, permitOf, upload } from './fixtures.js';

const t = useTestApp();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function withFile(seed: number, owner?: Awaited<ReturnType<typeof makeEnterprise>>['owner']) {
  const ent = await makeEnterprise(t, owner ? { owner } : {});
  const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
  const png = makePng(5, 5, seed);
  const res = await upload(t, h, (await permitOf(t, h, 'material')).result.permit, { name: 'p.png', data: png });
  return { ent, h, png, id: res.body.result.id as number, url: res.body.result.url as string };
}

describe('file access', () => {
  it('file/info by hash: the record here, 40004 when uploaded only elsewhere', async () => {
    const a = await withFile(1);
    const b = await makeEnterprise(t);
    const hb = tenantHeaders(b.owner, b, b.ownerRole);
    const info = await post(t, 'file/info', { hash: sha(a.png).toUpperCase() }, a.h);
    expect(info.body.result).toMatchObject({ id: a.id, type: 5, width: 5, height: 5 });
    expect((await post(t, 'file/info', { hash: sha(a.png) }, hb)).body).toMatchObject({
      ret: RET.notFound,
      msg: '文件不存在',
    });
    expect((await post(t, 'file/info', { hash: 'abc' }, a.h)).body.ret).toBe(RET.validation);
    // b uploading the same bytes gets its own row on the one stored blob
    const again = await upload(t, hb, (await permitOf(t, hb, 'material')).result.permit, {
      name: 'q.png',
      data: a.png,
    });
    expect(again.body.result.id).not.toBe(a.id);
    const keys = await t.db.admin.query<{ storage_key: string }>(
      'select distinct storage_key from files where sha256 = $1',
      [sha(a.png)],
    );
    expect(keys).toHaveLength(1);
  });

  it('file/url by id or hash; another enterprise gets 40004; a URL cannot be replayed for another file or enterprise', async () => {
    const a = await withFile(2);
    const b = await withFile(3);
    const byId = await post<{ url: string; expires: number }>(t, 'file/url', { id: a.id }, a.h);
    const byHash = await post<{ url: string }>(t, 'file/url', { hash: sha(a.png) }, a.h);
    expect(byId.body.result.url).toMatch(
      new RegExp(`^/api/file/raw/${a.id}\\?en=${a.ent.companyId}&exp=\\d+&sig=[\\w-]+$`),
    );
    expect(byHash.body.result.url.split('?')[0]).toBe(`/api/file/raw/${a.id}`);
    expect((await post(t, 'file/url', {}, a.h)).body.ret).toBe(RET.validation);
    expect((await post(t, 'file/url', { id: b.id }, a.h)).body.ret).toBe(RET.notFound);
    expect((await post(t, 'file/url', { hash: sha(b.png) }, a.h)).body.ret).toBe(RET.notFound);

    const get = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await get(byId.body.result.url)).rawPayload).toEqual(a.png);
    const url = new URL(byId.body.result.url, 'http://x');
    const swap = (path: string, key?: string, value?: string) => {
      const u = new URL(url);
      u.pathname = path;
      if (key) u.searchParams.set(key, value!);
      return u.pathname + u.search;
    };
    const replays = [
      swap(`/api/file/raw/${b.id}`),
      swap(`/api/file/raw/${b.id}`, 'en', String(b.ent.companyId)),
      swap(url.pathname, 'en', String(b.ent.companyId)),
      swap(url.pathname, 'exp', String(Number(url.searchParams.get('exp')) + 3600)),
      swap(url.pathname, 'sig', 'x'.repeat(43)),
      `/api/file/raw/${a.id}`,
    ];
    for (const r of replays) {
      const res = await get(r);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ ret: RET.notFound });
    }
  });

  it('logos and avatars have a lasting address by hash; materials do not', async () => {
    const ent = await makeEnterprise(t);
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const png = makePng(4, 4, 77);
    const logo = await upload(t, h, (await permitOf(t, h, 'logo')).result.permit, { name: 'logo.png', data: png });
    expect(logo.body.result.publicUrl).toBe(`/api/file/img/${sha(png)}`);
    const res = await t.app.inject({ method: 'GET', url: logo.body.result.publicUrl as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(png)).toBe(true);
    const material = await withFile(78);
    expect((await post(t, 'file/info', { hash: sha(material.png) }, material.h)).body.result.publicUrl).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/file/img/${sha(material.png)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/file/img/..%2F..%2Fetc' })).statusCode).toBe(404);
  });

  it('an expired URL is refused', async () => {
    const a = await withFile(4);
    const { signRawUrl } = await import('./sign.js');
    const realNow = Date.now;
    Date.now = () => realNow() - 3600 * 1000;
    const old = signRawUrl(t.config.secret, '/api', a.id, a.ent.companyId);
    Date.now = realNow;
    const res = await t.app.inject({ method: 'GET', url: old.url, headers: { cookie: 'language=en-US' } });
    expect(res.json()).toMatchObject({ ret: RET.forbidden, msg: 'The file link has expired; please reload the page' });
  });

  it('file/save adds a material with a title (oplog); a foreign file is 40004', async () => {
    const a = await withFile(5);
    const b = await withFile(6);
    const res = await post(t, 'file/save', { id: a.id, title: '春季新品' }, a.h);
    expect(res.body.result).toMatchObject({ fileId: a.id, title: '春季新品' });
    const log = await t.db.admin.query('select verb, entity from oplog where enterprise_id = $1 and entity = $2', [
      a.ent.companyId,
      'material',
    ]);
    expect(log).toEqual([{ verb: 'create', entity: 'material' }]);
    expect((await post(t, 'file/save', { id: b.id, title: 'x' }, a.h)).body.ret).toBe(RET.notFound);
    expect((await post(t, 'file/save', { id: a.id, title: '' }, a.h)).body.ret).toBe(RET.validation);
  });

  it('a non-image served by URL is an attachment (content-disposition) and never sniffed', async () => {
    const a = await withFile(7);
    await t.db.admin.query(`update files set mime = 'text/html', name = 'x.html' where id = $1`, [a.id]);
    const url = (await post<{ url: string }>(t, 'file/url', { id: a.id }, a.h)).body.result.url;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });
});
