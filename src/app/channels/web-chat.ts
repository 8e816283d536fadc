import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Env as Config } from '../../../config';
import type { ChannelModule } from './channel-module';
import { ChatFeed } from '../../channels/web/chat-feed';
import { mountWebChat } from '../../channels/web/routes';
import { WebChatSender } from '../../channels/web/sender';
import { DEMO } from '../../../prisma/seed';
import type { Container } from '../container';
import { PrismaWebChatDirectory } from './web-chat-directory';
import { startSender } from './sender';

/**
 * The web chat on the web process: the page and its routes, and a sender consuming
 * `outbound-web` that puts each reply on its chat's feed in Redis; every web process relays the
 * feed to the pages connected to it, so any number of web processes can run.
 */
export async function startWebChat(
  c: Container,
  web: FastifyInstance,
  demoTenantSlugs: readonly string[] = [DEMO.boletos.slug, DEMO.finance.slug, DEMO.condominio.slug],
): Promise<void> {
  const production = c.config.NODE_ENV === 'production';
  if (production && !c.config.WEB_SESSION_SECRET) {
    // The rest of the web process (health, metrics, webhooks) must not go down for the chat.
    c.logger.error(
      { alert: 'web_chat_off' },
      'web chat off: WEB_SESSION_SECRET is not set (32+ characters, the same on every web process; or WEB_CHAT=false to silence this)',
    );
    return;
  }
  const feed = new ChatFeed(c.redis, c.keys);
  c.onClose(() => feed.close());
  await mountWebChat(web, {
    options: {
      secret: c.config.WEB_SESSION_SECRET ?? randomBytes(32).toString('hex'),
      secureCookie: production,
      demoSignIn: demoSignInOn(c.config),
      maxTextChars: 20_000,
      heartbeatMs: 25_000,
    },
    ingress: c.ingress,
    feed,
    directory: new PrismaWebChatDirectory(c.db, demoTenantSlugs),
    logger: c.logger.child({ channel: 'web' }),
  });
  startSender(c, 'web', 'default', new WebChatSender(feed));
}

/** The demo sign-in (choose a demo user): `WEB_CHAT_DEMO`, by default on except in production. */
export function demoSignInOn(config: Config): boolean {
  return config.WEB_CHAT_DEMO ?? config.NODE_ENV !== 'production';
}

/** The web chat in the channel registry (see `registry.ts`). */
export const webChatModule: ChannelModule = {
  id: 'web',
  typing: true,
  ownProcess: false,
  served: true,
  configured: (config) => config.WEB_CHAT,
  async mountRoutes(c, web) {
    if (c.config.WEB_CHAT) await startWebChat(c, web);
  },
  async runAllInOne(c, web) {
    await startWebChat(c, web);
  },
};
