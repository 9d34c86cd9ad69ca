import type { FastifyBaseLogger } from 'fastify';
import type { Q } from '../db/client.js';

/** Delivers SMS codes. A real provider adapter implements this; the default is for development. */
export type SmsSender = {
  readonly name: string;
  send(q: Q, phone: string, purpose: string, code: string): Promise<void>;
};

/** Development sender: writes the code to the server log and to the outbox table. */
export function devSender(log?: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    name: 'dev',
    async send(q, phone, purpose, code) {
      log?.info({ phone, purpose, code }, `SMS code for ${phone} (${purpose}): ${code}`);
      await q.query('insert into sms_outbox (phone, purpose, code) values ($1, $2, $3)', [phone, purpose, code]);
    },
  };
}

/** Production without a provider configured: says so in the log, never stores the code. */
export function unconfiguredSender(log?: Pick<FastifyBaseLogger, 'warn'>): SmsSender {
  return {
    name: 'none',
    async send(_q, phone, purpose) {
      log?.warn({ phone, purpose }, 'No SMS provider is configured; the code was not delivered');
    },
  };
}
