import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import { register } from '../../plugins/register.js';
import type { Row } from '../../db/schema/index.js';

export function publicRoutes(app: FastifyInstance, deps: Deps) {
  register(app, deps, api.public.appointment, async (b, ctx) => {
    const [row] = await deps.db.tx({}, (q) =>
      q.query<Row<'appointments', 'id'>>(
        `insert into appointments (name, phone, company, city, stores, note, ip) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [b.name, b.phone, b.company, b.city ?? '', b.stores ?? null, b.note ?? '', ctx.ip],
      ),
    );
    return { id: row.id };
  });
  // The development SMS outbox: not even registered in production (absent from the API and its
  // OpenAPI document); refused when a real sender is configured and to anyone not on this machine
  // (it would otherwise hand any account's login code to the network).
  if (deps.config.production) return;
  register(app, deps, api.public.smsOutbox, async (b, ctx) => {
    if (deps.sms.name !== 'dev') throw fail.forbidden('devOnly');
    if (!ctx.local) throw fail.forbidden('localOnly');
    const list = await deps.db.tx({}, (q) =>
      q.query<Row<'sms_outbox', 'code' | 'purpose'> & { ctime: number }>(
        `select code, purpose, extract(epoch from created_at)::int as ctime from sms_outbox where phone = $1 order by id desc limit 10`,
        [b.un],
      ),
    );
    return { list };
  });
}
