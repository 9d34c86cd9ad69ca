import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';

/** Whether this instance is on its way out (SIGTERM): readiness answers no, so balancers stop sending. */
export type Health = { draining: boolean };

const PING_MS = 2000;

/**
 * GET /healthz (liveness: the process answers) and GET /readyz (readiness: not draining and the
 * database answers within 2 s), outside the API's envelope, for HAProxy and orchestrators (issue 27 §3).
 */
export function healthRoutes(app: FastifyInstance, db: Db, health: Health): void {
  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', hidden, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (health.draining) return reply.status(503).send({ status: 'draining' });
    let timer: NodeJS.Timeout | undefined;
    const ok = await Promise.race([
      db.admin.query('select 1').then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_MS);
      }),
    ]);
    clearTimeout(timer);
    return ok ? reply.send({ status: 'ready' }) : reply.status(503).send({ status: 'database unreachable' });
  });
}
