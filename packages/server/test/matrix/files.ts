import { makeMp4, makePng, permitOf, upload } from '../../src/domains/files/fixtures.js';
import { tenantHeaders, type TestEnterprise } from '../factories.js';
import { post } from '../harness.js';
import { named, type MatrixRoute, type World } from './types.js';

let seed = 100;

/**
 * The owners of `ent` — and in a the world's manager too, when `shared` — as uploaders: a material
 * not yet in the library is read (and saved) only by who sent its bytes (issue 24 §1).
 */
const uploadersOf = (w: World, ent: TestEnterprise, shared: boolean) => [
  tenantHeaders(ent.owner, ent, ent.ownerRole),
  ...(shared && ent === w.a ? [tenantHeaders(w.member, w.a, w.memberNode)] : []),
];

/** Upload fresh bytes as each uploader; the file's id. */
async function sent(
  w: World,
  ent: TestEnterprise,
  kind: string,
  data: Buffer,
  shared: boolean,
): Promise<{ id: number; hash: string }> {
  let res: Awaited<ReturnType<typeof upload>> | undefined;
  for (const h of uploadersOf(w, ent, shared))
    res = await upload(w.t, h, (await permitOf(w.t, h, kind)).result.permit, { name: 'm.png', data });
  return { id: res!.body.result.id as number, hash: res!.body.result.hash as string };
}

/** Upload a fresh PNG as the enterprise's owner (and the world's manager when `shared`); its id and hash. */
async function fileIn(
  w: World,
  ent: TestEnterprise,
  kind: 'avatar' | 'material' = 'avatar',
  shared = false,
): Promise<{ id: number; hash: string }> {
  return sent(w, ent, kind, makePng(2, 2, seed++), shared);
}

/** A fresh entry of the enterprise's materials library (in b its title carries the marker). */
async function materialIn(w: World, ent: TestEnterprise): Promise<number> {
  const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
  const res = await post<{ id: number }>(
    w.t,
    'file/save',
    { id: (await fileIn(w, ent, 'material')).id, title: named(w, ent, '素材') },
    h,
  );
  return res.body.result.id;
}

/** A fresh entry used by a draft ad content of the enterprise (in b both names carry the marker). */
async function usedMaterialIn(w: World, ent: TestEnterprise): Promise<number> {
  const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
  const file = await fileIn(w, ent, 'material');
  await post(w.t, 'file/save', { id: file.id, title: named(w, ent, '在用素材') }, h);
  const content = await post(
    w.t,
    'ad-content/create',
    { name: named(w, ent, '用素材的内容'), adType: 'main', items: JSON.stringify([{ fileId: file.id }]) },
    h,
  );
  if (content.body.ret !== 0) throw new Error(`ad-content/create: ${JSON.stringify(content.body)}`);
  return file.id;
}

/** A fresh video of the enterprise and a poster frame for it, both uploaded by its owner and the world's manager. */
async function videoWithPoster(w: World, ent: TestEnterprise): Promise<{ id: number; posterId: number }> {
  const up = async (kind: string, data: Buffer) => (await sent(w, ent, kind, data, true)).id;
  return { id: await up('material', makeMp4(1000 + seed++)), posterId: await up('poster', makePng(16, 9, seed++)) };
}

// Tenant routes of the files area that every member may call with this body (add each new route).
// file/upload (multipart) is covered in domains/files/*.test.ts.
export const FILES_ROUTES: MatrixRoute[] = [
  { path: 'file/signature', body: { kind: 'avatar' } },
  {
    path: 'file/info',
    body: async (w) => ({ hash: (await fileIn(w, w.a)).hash }),
    foreign: async (w) => ({ hash: (await fileIn(w, w.b)).hash }),
  },
  {
    path: 'file/url',
    body: async (w) => ({ id: (await fileIn(w, w.a)).id }),
    foreign: async (w) => ({ id: (await fileIn(w, w.b)).id }),
  },
  {
    path: 'file/save',
    body: async (w) => ({ id: (await fileIn(w, w.a, 'material', true)).id, title: 'm' }),
    foreign: async (w) => ({ id: (await fileIn(w, w.b, 'material')).id, title: 'm' }),
  },
  { path: 'file/save', body: async (w) => ({ ...(await videoWithPoster(w, w.a)), title: 'v' }) },
  {
    path: 'material/list',
    body: async (w) => (await materialIn(w, w.b), await usedMaterialIn(w, w.b), await usedMaterialIn(w, w.a), {}),
  },
  {
    path: 'material/rename',
    body: async (w) => ({ id: await materialIn(w, w.a), title: 'n' }),
    foreign: async (w) => ({ id: await materialIn(w, w.b), title: 'n' }),
  },
  {
    path: 'material/delete',
    body: async (w) => ({ id: await materialIn(w, w.a) }),
    foreign: async (w) => ({ id: await materialIn(w, w.b) }),
  },
];
