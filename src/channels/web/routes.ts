import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Ingress } from '../../core/channel';
import type { InboundContent } from '../../core/messages';
import type { ChatFeed, FeedEvent } from './chat-feed';
import type { WebChatDirectory } from './ports';
import { decodeSession, encodeSession, newSession, SESSION_COOKIE, type WebSession } from './session';
import { localeFromAcceptLanguage, UI_STRINGS } from './ui-strings';

export interface WebChatOptions {
  /** Signs the session cookie; every web process must share it. */
  secret: string;
  /** Cookies only over HTTPS (production). */
  secureCookie: boolean;
  /** The demo sign-in (choose a demo user): development only. Invite codes always work. */
  demoSignIn: boolean;
  /** Longer messages are refused here; the pipeline refuses anything over its own limit clearly. */
  maxTextChars: number;
  /** How often an idle event stream sends a comment, so proxies keep it open. */
  heartbeatMs: number;
}

export interface WebChatDeps {
  options: WebChatOptions;
  ingress: Ingress;
  feed: ChatFeed;
  directory: WebChatDirectory;
  logger: Logger;
}

const ACCOUNT = 'default';
const PAGE_DIR = join(__dirname, 'page');
/** The page's files, read once: they are small and never change while the process runs. */
const ASSETS: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/chat.js': { file: 'chat.js', type: 'text/javascript; charset=utf-8' },
  '/chat.css': { file: 'chat.css', type: 'text/css; charset=utf-8' },
};

const signInBody = z.union([
  z.object({ demoUserId: z.string().uuid() }),
  z.object({ code: z.string().trim().min(1).max(64) }),
]);
const messageBody = z.union([
  z.object({ id: z.string().uuid(), text: z.string() }),
  z.object({
    id: z.string().uuid(),
    confirmation: z.object({ nonce: z.string().min(1).max(100), answer: z.enum(['yes', 'no']) }),
    /** The pressed button's text, shown in the conversation's history. */
    label: z.string().max(40).optional(),
  }),
]);

/**
 * The web chat's HTTP side, mounted on the web process: the page (`/`), the session (demo
 * sign-in or invite code, in a signed cookie), messages in (`POST /chat/messages`, handed to
 * ingress like any channel's) and replies out (`GET /chat/events`, server-sent events from the
 * chat's feed, replaying what a reconnecting page missed).
 */
export async function mountWebChat(app: FastifyInstance, deps: WebChatDeps): Promise<void> {
  const files = Object.fromEntries(
    Object.entries(ASSETS).map(([path, asset]) => [path, readFileSync(join(PAGE_DIR, asset.file))]),
  );
  await app.register(async (scope) => {
    await scope.register(cookie, { secret: deps.options.secret });

    for (const [path, asset] of Object.entries(ASSETS)) {
      scope.get(path, async (_request, reply) =>
        reply
          .header('content-type', asset.type)
          .header('cache-control', 'no-cache')
          .header('x-content-type-options', 'nosniff')
          .send(files[path]),
      );
    }

    scope.get('/chat/session', async (request) => describeSession(request, deps));

    scope.post('/chat/session', async (request, reply) => {
      const body = signInBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: 'bad_request' });
      if ('demoUserId' in body.data) {
        if (!deps.options.demoSignIn) return reply.code(403).send({ error: 'demo_disabled' });
        const session = newSession(`demo:${body.data.demoUserId}`);
        if (!(await deps.directory.linkDemoUser(body.data.demoUserId, session.externalUserId)))
          return reply.code(404).send({ error: 'unknown_demo_user' });
        setSession(reply, session, deps.options);
        return describeSignedIn(session, deps);
      }
      // An invite code links this browser the way `/start <code>` links a Telegram account;
      // the pipeline's answer (welcome, or invalid code) arrives on the chat's feed.
      const session = newSession();
      const outcome = await deps.ingress.handle(envelope(session, { type: 'link', code: body.data.code }));
      if (outcome.status === 'rejected') return reply.code(400).send({ error: outcome.reason });
      setSession(reply, session, deps.options);
      return describeSignedIn(session, deps);
    });

    scope.delete('/chat/session', async (_request, reply) => {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { state: 'signed-out' };
    });

    scope.post('/chat/messages', async (request, reply) => {
      const session = sessionOf(request);
      if (!session) return reply.code(401).send({ error: 'signed_out' });
      const body = messageBody.safeParse(request.body);
      if (!body.success) return reply.code(400).send({ error: 'bad_request' });
      if ('text' in body.data && body.data.text.length > deps.options.maxTextChars)
        return reply.code(413).send({ error: 'too_long' });
      const content: InboundContent =
        'text' in body.data
          ? { type: 'text', text: body.data.text }
          : { type: 'confirmation', ...body.data.confirmation };
      const outcome = await deps.ingress.handle(envelope(session, content, body.data.id));
      if (outcome.status === 'queued') {
        const text =
          'text' in body.data ? body.data.text : (body.data.label ?? body.data.confirmation.answer);
        await deps.feed
          .publishSaid(session.chatId, { messageId: body.data.id, text, at: new Date().toISOString() })
          .catch((error: unknown) =>
            deps.logger.warn({ err: error }, 'web chat: message not kept in history'),
          );
      }
      return reply.code(outcome.status === 'rejected' ? 400 : 202).send({ status: outcome.status });
    });

    scope.get('/chat/events', async (request, reply) => {
      const session = sessionOf(request);
      if (!session) return reply.code(401).send({ error: 'signed_out' });
      await streamEvents(request, reply, session, deps);
    });
  });
}

function envelope(session: WebSession, content: InboundContent, id: string = randomUUID()) {
  return {
    channel: 'web',
    account: ACCOUNT,
    // Scoped to the chat: a page cannot collide with another chat's ids; a retried POST is a duplicate.
    platformMessageId: `${session.chatId}:${id}`,
    externalUserId: session.externalUserId,
    chatId: session.chatId,
    sentAt: new Date().toISOString(),
    content,
  };
}

function sessionOf(request: FastifyRequest): WebSession | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? decodeSession(unsigned.value) : undefined;
}

function setSession(reply: FastifyReply, session: WebSession, options: WebChatOptions): void {
  reply.setCookie(SESSION_COOKIE, encodeSession(session), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookie,
    path: '/',
    maxAge: 30 * 24 * 3600,
  });
}

async function describeSession(request: FastifyRequest, deps: WebChatDeps) {
  const session = sessionOf(request);
  if (session) return describeSignedIn(session, deps, request.headers['accept-language']);
  const locale = localeFromAcceptLanguage(request.headers['accept-language']);
  return {
    state: 'signed-out' as const,
    locale,
    strings: UI_STRINGS,
    demoUsers: deps.options.demoSignIn ? await deps.directory.demoUsers() : [],
  };
}

async function describeSignedIn(session: WebSession, deps: WebChatDeps, acceptLanguage?: string) {
  const locale =
    (await deps.directory.localeOf(session.externalUserId)) ?? localeFromAcceptLanguage(acceptLanguage);
  return { state: 'signed-in' as const, locale, strings: UI_STRINGS };
}

/**
 * Server-sent events: first what the page has not seen (after `Last-Event-ID`, or the chat's
 * latest replies on a fresh page), then live replies and typing signals, with a comment now and
 * then so that proxies keep the stream open.
 */
async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  session: WebSession,
  deps: WebChatDeps,
): Promise<void> {
  const lastId = request.headers['last-event-id'];
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const write = (event: FeedEvent): void => {
    if (event.kind === 'typing') out.write('event: typing\ndata: {}\n\n');
    else out.write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  // Listen first, then replay: a reply published in between is sent twice at most, never lost
  // (the page ignores an id it already shows).
  const buffered: FeedEvent[] = [];
  let replaying = true;
  const stop = await deps.feed.listen(session.chatId, (event) =>
    replaying ? buffered.push(event) : write(event),
  );
  try {
    const missed = await deps.feed.history(session.chatId, typeof lastId === 'string' ? lastId : undefined);
    for (const event of missed) write(event);
    for (const event of buffered) write(event);
  } catch (error) {
    deps.logger.warn({ err: error }, 'web chat: could not read the chat history');
  }
  replaying = false;
  out.write('event: ready\ndata: {}\n\n');
  const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), deps.options.heartbeatMs);
  request.raw.on('close', () => {
    clearInterval(heartbeat);
    void stop();
  });
}
