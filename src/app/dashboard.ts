import { createHash, timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DASHBOARD_PATH = '/dashboard';

/**
 * The queue dashboard (bull-board) at /dashboard, behind HTTP basic auth with
 * DASHBOARD_CREDENTIALS ("user:password"); the web process does not mount it when that is
 * unset. Operators can look at jobs and retry failed ones: retrying is safe by design (a turn
 * job only names a conversation; replies are sent once by id). Removing an outbound job loses
 * that reply, so the dashboard is for people who know that.
 */
export async function mountDashboard(
  app: FastifyInstance,
  queues: Queue[],
  credentials: string,
): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({ queues: queues.map((q) => new BullMQAdapter(q)), serverAdapter });
  const check = basicAuth(credentials);
  await app.register(async (scope) => {
    // Registered in its own scope: the hook guards the dashboard's routes and nothing else.
    scope.addHook('onRequest', check);
    await scope.register(serverAdapter.registerPlugin(), { prefix: DASHBOARD_PATH });
  });
}

/** An onRequest hook accepting only the configured user and password (compared in constant time). */
export function basicAuth(credentials: string) {
  const expected = digest(credentials);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    if (given && timingSafeEqual(digest(given), expected)) return;
    await reply.code(401).header('www-authenticate', 'Basic realm="Iris queues", charset="UTF-8"').send();
  };
}

/** Same-length values for timingSafeEqual, whatever was sent. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
