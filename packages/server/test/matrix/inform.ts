import { RET } from '@vitrine/contract';
import { permitOf, upload } from '../../src/domains/files/fixtures.js';
import { post } from '../harness.js';
import { tenantHeaders, type TestEnterprise } from '../factories.js';
import { enabled, lifecycleRows, owner, shopIn, type Entity } from './stores.js';
import { named, type MatrixRoute, type World } from './types.js';

// Tenant routes of notifications and announcements (issue 12): the lifecycle rows, and send, the
// recipient's calls, receipts and attachment downloads. Records are aimed at a's shop and at every
// role, so a's owner (a supervisor) and the world's store manager (whole enterprise) both receive
// them; the manager holds no publish bit on /inform, so sending is refused to them.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * An attachment of `ent`, uploaded by its owner — and in a by the world's manager too, who drafts
 * records in some rows: a record may only hold files its author may read (issue 24 §1).
 */
async function attachment(w: World, ent: TestEnterprise): Promise<number> {
  const data = Buffer.concat([PDF, Buffer.from(`%${Math.random()}\n`)]);
  const uploaders = ent === w.a ? [owner(ent), tenantHeaders(w.member, w.a, w.memberNode)] : [owner(ent)];
  let id = 0;
  for (const h of uploaders) {
    const permit = await permitOf(w.t, h, 'attachment');
    const res = await upload(w.t, h, permit.result.permit, { name: named(w, ent, '附件.pdf'), data });
    if (res.body.ret !== 0) throw new Error(`attachment: ${JSON.stringify(res.body)}`);
    id = Number(res.body.result.id);
  }
  return id;
}

const entity = (name: 'inform' | 'inform2'): Entity => ({
  name,
  launched: false,
  data: async (w, ent) => ({
    title: named(w, ent, name === 'inform' ? '陈列通知' : '盘点公告'),
    body: `<p>${named(w, ent, '正文')}</p>`,
    targets: JSON.stringify({ s: [String(await shopIn(w, ent))] }),
    roles: JSON.stringify([1, 2, 3]),
    attachments: JSON.stringify([await attachment(w, ent)]),
  }),
});

export const INFORM_ENTITIES_M: Entity[] = [entity('inform'), entity('inform2')];

/** A sent record of `ent`, its id and attachment. */
async function sent(w: World, ent: TestEnterprise, e: Entity): Promise<{ id: number; fileId: number }> {
  const id = await enabled(w, ent, e);
  const res = await post<{ recipients: number }>(w.t, `${e.name}/send`, { id }, owner(ent));
  if (res.body.ret !== 0) throw new Error(`${e.name}/send: ${JSON.stringify(res.body)}`);
  const [row] = await w.t.db.admin.query<{ a: number[] }>(
    `select attachments as a from ${e.name === 'inform' ? 'informs' : 'informs2'} where id = $1`,
    [id],
  );
  return { id, fileId: row.a[0] };
}

/** Enterprise b's marked notifications, sent (so its people hold receipts of them). */
export async function markedInform(w: World) {
  for (const e of INFORM_ENTITIES_M) await sent(w, w.b, e);
}

const rows = (e: Entity): MatrixRoute[] => [
  ...lifecycleRows(e),
  {
    path: `${e.name}/send`,
    body: async (w) => ({ id: await enabled(w, w.a, e) }),
    asManager: RET.forbidden,
    foreign: async (w) => ({ id: await enabled(w, w.b, e) }),
  },
  {
    path: `${e.name}/check`,
    body: async (w) => ({ id: (await sent(w, w.a, e)).id }),
    foreign: async (w) => ({ id: (await sent(w, w.b, e)).id }),
  },
  { path: `${e.name}/received`, body: {} },
  {
    path: `${e.name}/receipts`,
    body: async (w) => ({ id: (await sent(w, w.a, e)).id }),
    foreign: async (w) => ({ id: (await sent(w, w.b, e)).id }),
  },
  { path: `${e.name}/download`, body: async (w) => sent(w, w.a, e), foreign: async (w) => sent(w, w.b, e) },
];

export const INFORM_ROUTES: MatrixRoute[] = INFORM_ENTITIES_M.flatMap(rows);
