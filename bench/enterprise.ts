import type { Db } from '../packages/server/src/db/client.js';
import type { Deps } from '../packages/server/src/deps.js';
import { createUser } from '../packages/server/src/domains/account/service.js';
import { createSession } from '../packages/server/src/domains/account/sessions.js';
import { createCompany } from '../packages/server/src/domains/company/service.js';
import { reviewEnterprise } from '../packages/server/src/domains/operator/service.js';

/** A bench's caller: a user with a session, their approved enterprise and their role node (the tenant headers). */
export async function benchEnterprise(db: Db, deps: Deps, phone: string, title: string) {
  const user = await db.tx({}, (q) => createUser(q, phone, 'x', 'bench'));
  const token = await db.tx({}, (q) => createSession(deps, q, user.id, '127.0.0.1', 'pc'));
  const ctxUser = {
    lang: 'zh' as const,
    ip: '127.0.0.1',
    source: 'pc' as const,
    user: { id: user.id, phone, nickname: '', sessionId: 0 },
  };
  const company = await createCompany(deps, ctxUser, { title });
  await reviewEnterprise(db.admin, company.companyCode, true);
  const [entry] = await db.admin.query<{ role_node: string }>(
    'select role_node from role_entries where enterprise_id = $1',
    [company.companyId],
  );
  return { user, token, company, entry };
}
