import { ENTERPRISE_STATUS } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import { fail } from '../../errors.js';
import { sendMessage } from '../../messages/send.js';
import type { Row, Tables } from '../../db/schema/index.js';

// The platform operator's work. These functions take the owner connection (db.admin or a
// transaction): enterprises and bookings are platform tables, not tenant data.

const enterpriseCols = `e.id as "companyId", e.code as "companyCode", e.title, e.logo, e.status,
  u.phone as creator, extract(epoch from e.created_at)::int as ctime`;

export async function listEnterprises(q: Q) {
  return q.query<
    Row<'enterprises', 'title' | 'logo' | 'status'> & {
      companyId: Tables['enterprises']['id'];
      companyCode: Tables['enterprises']['code'];
      creator: Tables['users']['phone'];
      ctime: number;
    }
  >(`select ${enterpriseCols} from enterprises e join users u on u.id = e.creator_id order by e.id`);
}

export async function reviewEnterprise(q: Q, code: string, approve: boolean) {
  const status = approve ? ENTERPRISE_STATUS.approved : ENTERPRISE_STATUS.rejected;
  const rows = await q.query<Row<'enterprises', 'id' | 'creator_id' | 'title'>>(
    `update enterprises set status = $2, reviewed_at = now() where code = $1 returning id, creator_id, title`,
    [code.trim().toUpperCase(), status],
  );
  if (!rows.length) throw fail.notFound('notFound.enterprise');
  const { id, creator_id, title } = rows[0];
  await sendMessage(q, {
    enterpriseId: id,
    to: [creator_id],
    kind: 'enterprise.review',
    link: '/home',
    title: { key: approve ? 'message.enterpriseApproved' : 'message.enterpriseRejected', params: { title } },
    body: { key: approve ? 'message.enterpriseApproved.body' : 'message.enterpriseRejected.body' },
  });
  const [row] = await q.query<Awaited<ReturnType<typeof listEnterprises>>[number]>(
    `select ${enterpriseCols} from enterprises e join users u on u.id = e.creator_id where e.id = $1`,
    [rows[0].id],
  );
  return row;
}

export async function listAppointments(q: Q) {
  return q.query<
    Row<'appointments', 'id' | 'name' | 'phone' | 'company' | 'city' | 'stores' | 'note'> & { ctime: number }
  >(
    `select id, name, phone, company, city, stores, note, extract(epoch from created_at)::int as ctime from appointments order by id desc`,
  );
}
