import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Update } from 'grammy/types';
import type { Logger } from 'pino';
import { IrisError } from '../../core/errors';
import { describeError } from './secrets';

export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

export interface TelegramWebhookDeps {
  /** Route path, e.g. `/telegram/webhook`. */
  path: string;
  /** The `secret_token` given to `setWebhook`; Telegram sends it back in every request. */
  secretToken: string;
  /** Runs the bot's middleware on the update (maps it and hands it to ingress). */
  handleUpdate: (update: Update) => Promise<void>;
  logger: Logger;
  /** Telegram token, only to scrub it from logged errors. */
  token: string;
}

/**
 * A fastify route for Telegram's webhook: `app.route(createTelegramWebhookRoute(...))`.
 *
 * - The secret header is compared in constant time (both sides hashed first, so even the length
 *   does not leak); anything else gets 401 and never reaches the bot.
 * - The request only enqueues: it answers 200 as soon as ingress took the update, so Telegram's
 *   webhook never waits on the pipeline.
 * - If handing over fails in a way that may pass (Redis down), it answers 500 and Telegram
 *   delivers the update again later; ingress dedupes on update id.
 */
export function createTelegramWebhookRoute(deps: TelegramWebhookDeps): RouteOptions {
  const expected = digest(deps.secretToken);
  const log = deps.logger.child({ component: 'telegram-webhook' });
  return {
    method: 'POST',
    url: deps.path,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const given = request.headers[SECRET_HEADER];
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        log.warn({ ip: request.ip }, 'telegram webhook call with a wrong secret');
        return reply.code(401).send();
      }
      if (!isUpdate(request.body)) return reply.code(400).send();
      try {
        await deps.handleUpdate(request.body);
      } catch (err) {
        const updateId = request.body.update_id;
        if (err instanceof IrisError && !err.retryable) {
          log.error(
            { updateId, err: describeError(err, deps.token) },
            'telegram update cannot be processed; skipped',
          );
          return reply.code(200).send();
        }
        log.warn(
          { updateId, err: describeError(err, deps.token) },
          'telegram update not accepted; Telegram will retry',
        );
        return reply.code(500).send();
      }
      return reply.code(200).send();
    },
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function isUpdate(body: unknown): body is Update {
  return (
    typeof body === 'object' && body !== null && Number.isInteger((body as { update_id?: unknown }).update_id)
  );
}
