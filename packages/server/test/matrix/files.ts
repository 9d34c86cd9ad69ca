import { makePng, permitOf, upload } from '../../src/domains/files/fixtures.js';
import { tenantHeaders, type TestEnterprise } from '../factories.js';
import { post } from '../harness.js';
import { named, type MatrixRoute, type World } from './types.js';

let seed = 100;

/** Upload a fresh PNG as the enterprise's owner; its id and hash. */
async function fileIn(w: World, ent: TestEnterprise, kind: 'avatar' | 'material' = 'avatar'): Promise<{ id: number; hash: string }> {
  const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
  const res = await upload(w.t, h, (await permitOf(w.t, h, kind)).result.permit, { name: 'm.png', data: makePng(2, 2, seed++) });
  return { id: res.body.result.id as number, hash: res.body.result.hash as string };
}

/** A fresh entry of the enterprise's materials library (in b its title carries the marker). */
async function materialIn(w: World, ent: TestEnterprise): Promise<number> {
  const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
  const res = await post<{ id: number }>(w.t, 'file/save', { id: (await fileIn(w, ent, 'material')).id, title: named(w, ent, '素材') }, h);
  return res.body.result.id;
}

// Tenant routes of the files area that every member may call with this body (add each new route).
// file/upload (multipart) is covered in domains/files/*.test.ts.
export const FILES_ROUTES: MatrixRoute[] = [
  { path: 'file/signature', body: { kind: 'avatar' } },
  {
    path: 'file/info', body: async (w) => ({ hash: (await fileIn(w, w.a)).hash }),
    foreign: async (w) => ({ hash: (await fileIn(w, w.b)).hash }),
  },
  {
    path: 'file/url', body: async (w) => ({ id: (await fileIn(w, w.a)).id }),
    foreign: async (w) => ({ id: (await fileIn(w, w.b)).id }),
  },
  {
    path: 'file/save', body: async (w) => ({ id: (await fileIn(w, w.a, 'material')).id, title: 'm' }),
    foreign: async (w) => ({ id: (await fileIn(w, w.b, 'material')).id, title: 'm' }),
  },
  { path: 'material/list', body: async (w) => (await materialIn(w, w.b), {}) },
  { path: 'material/rename', body: async (w) => ({ id: await materialIn(w, w.a), title: 'n' }), foreign: async (w) => ({ id: await materialIn(w, w.b), title: 'n' }) },
  { path: 'material/delete', body: async (w) => ({ id: await materialIn(w, w.a) }), foreign: async (w) => ({ id: await materialIn(w, w.b) }) },
];
