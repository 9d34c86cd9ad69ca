import { INFORM_REMIND_BEFORE_SECONDS } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import type { Row } from '../../db/schema/index.js';
import { sendMessage } from '../../messages/send.js';
import { linkOf } from './service.js';

/** 'YYYY-MM-DD HH:mm' of a Unix time in a time zone (the same text in both languages). */
const localTime = (epoch: number, tz: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(epoch * 1000));

/**
 * Remind, once, everyone who has not confirmed a sent notification whose deadline falls within the
 * next day (INFORM_REMIND_BEFORE_SECONDS): one message each, the receipt marked reminded. Enterprise
 * by enterprise, each in its own tenant transaction; idempotent, so a doubled run sends nothing twice.
 */
export async function runInformReminders(deps: Deps, now = new Date()): Promise<number> {
  const t = Math.floor(now.getTime() / 1000);
  const ents = await deps.db.tx({}, (q) =>
    q.query<{ enterprise_id: number }>('select enterprise_id from inform_due_enterprises($1, $2)', [
      t,
      t + INFORM_REMIND_BEFORE_SECONDS,
    ]),
  );
  let sent = 0;
  for (const { enterprise_id: enterpriseId } of ents) {
    sent += await deps.db.tx({ enterpriseId }, async (q) => {
      const due = await q.query<
        Row<'informs', 'id' | 'title' | 'deadline'> & Row<'enterprises', 'time_zone'> & { users: number[] }
      >(
        `with due as (
           update inform_receipts r set reminded_at = $3
             from informs i
            where i.enterprise_id = $1 and i.sent_at is not null and i.deleted_at is null and i.deadline > $2 and i.deadline <= $2 + $4
              and r.enterprise_id = i.enterprise_id and r.entity = 'inform' and r.record_id = i.id and r.confirmed_at is null and r.reminded_at is null
           returning r.record_id, r.user_id)
         select i.id, i.title, i.deadline, e.time_zone, array_agg(d.user_id) as users
           from due d join informs i on i.enterprise_id = $1 and i.id = d.record_id join enterprises e on e.id = i.enterprise_id
          group by i.id, i.title, i.deadline, e.time_zone`,
        [enterpriseId, t, now, INFORM_REMIND_BEFORE_SECONDS],
      );
      for (const d of due) {
        await sendMessage(q, {
          enterpriseId,
          to: d.users,
          kind: 'inform',
          title: { key: 'inform.reminder', params: { entity: { key: 'entity.inform' }, title: d.title } },
          body: { key: 'inform.reminderBody', params: { deadline: localTime(Number(d.deadline), d.time_zone) } },
          link: linkOf('inform', d.id),
        });
      }
      return due.reduce((n, d) => n + d.users.length, 0);
    });
  }
  return sent;
}
