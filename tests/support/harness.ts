import { randomUUID } from 'node:crypto';
import { CONDOMINIO_FEATURES } from '../../src/domains/condominio/features';
import { Queue, type Worker } from 'bullmq';
import { loadConfig } from '../../config';
import { Container } from '../../src/app/container';
import { startSender } from '../../src/app/channels/sender';
import { startPipeline, startTranscriber } from '../../src/app/roles';
import { ConsoleChannel } from '../../src/channels/console/console-channel';
import type { OutboundMessage } from '../../src/core/messages';
import { outboundQueueName } from '../../src/queues/names';
import { nameKey } from '../../src/domains/contacts';
import { DEMO } from '../../prisma/seed';
import { TEST_DATABASE_URL, TEST_REDIS_ENV } from './test-env';

/**
 * A whole Iris on the real Redis and PostgreSQL, isolated per test file: its own key prefix
 * (queues, mailboxes, state) and its own tenant rows (unique slugs). Close it in afterAll.
 */
export class Harness {
  readonly prefix = `t${randomUUID().slice(0, 8)}`;
  readonly container: Container;
  readonly replies: OutboundMessage[] = [];
  /** The tenants this harness made: its pipelines deliver only their messages to contacts. */
  readonly tenantIds = new Set<string>();
  private readonly workers: Worker[] = [];
  private readonly outboundQueues = new Map<string, Queue>();

  constructor(env: Record<string, string> = {}) {
    this.container = new Container(
      loadConfig({
        DATABASE_URL: TEST_DATABASE_URL,
        ...TEST_REDIS_ENV,
        IRIS_PREFIX: this.prefix,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
        BOLETO_NOTICES: process.env.BOLETO_NOTICES ?? 'false',
        KNOWLEDGE_CATCH_UP: process.env.KNOWLEDGE_CATCH_UP ?? 'false',
        ...env,
      }),
      { role: 'test' },
    );
  }

  get db() {
    return this.container.db;
  }

  /** Starts `count` pipeline workers (each with its own concurrency) in this process. */
  startPipelines(count = 1, concurrency = 4): void {
    // Test files share one database: a deliverer or notifier of another file must not take this
    // one's messages and notices.
    const onlyTenants = () => [...this.tenantIds];
    for (let i = 0; i < count; i++)
      this.workers.push(startPipeline(this.container, { concurrency, onlyTenants }));
  }

  /** Starts a transcriber worker in this process. */
  startTranscriber(): void {
    this.workers.push(startTranscriber(this.container));
  }

  /**
   * A tenant of a pack with nothing in it (offline understanding), its locale, zone and currency
   * the pack's; this harness's pipelines deliver its messages.
   */
  async emptyTenant(pack: 'boletos' | 'finance' | 'condominio') {
    const place = {
      boletos: {
        prefix: 'b',
        name: 'Tenant',
        locale: 'pt-BR',
        timeZone: 'America/Sao_Paulo',
        currency: 'BRL',
      },
      finance: {
        prefix: 'f',
        name: 'Finanzas',
        locale: 'es-MX',
        timeZone: 'America/Mexico_City',
        currency: 'MXN',
      },
      condominio: {
        prefix: 'c',
        name: 'Condomínio',
        locale: 'pt-BR',
        timeZone: 'America/Sao_Paulo',
        currency: 'BRL',
      },
    }[pack];
    const slug = `${place.prefix}-${randomUUID().slice(0, 8)}`;
    const tenant = await this.db.tenant.create({
      data: {
        slug,
        name: `${place.name} ${slug}`,
        pack,
        locale: place.locale,
        timeZone: place.timeZone,
        currency: place.currency,
        // A new condominium starts with its features on, as `tenant create` makes it.
        aiSettings: {
          enabled: false,
          mode: 'offline',
          features: pack === 'condominio' ? [...CONDOMINIO_FEATURES] : [],
        },
      },
    });
    this.tenantIds.add(tenant.id);
    return tenant;
  }

  /** A boletos tenant (pt-BR) with contacts and an owner; returns ids and a chat for the owner. */
  async boletosTenant(options: { contacts?: string[]; role?: 'owner' | 'operator' | 'viewer' } = {}) {
    const tenant = await this.emptyTenant('boletos');
    for (const name of options.contacts ?? ['João Silva', 'João Souza', 'Maria Oliveira', 'Pedro Santos']) {
      await this.db.contact.create({ data: { tenantId: tenant.id, name, nameKey: nameKey(name) } });
    }
    return { tenant, ...(await this.user(tenant.id, options.role ?? 'owner')) };
  }

  /** A finance tenant (es-MX, MXN, Mexico City) and an owner; returns ids and a chat for the owner. */
  async financeTenant(options: { role?: 'owner' | 'operator' | 'viewer' } = {}) {
    const tenant = await this.emptyTenant('finance');
    return { tenant, ...(await this.user(tenant.id, options.role ?? 'owner')) };
  }

  /**
   * A condominium tenant (pt-BR, São Paulo) with the demo's three spaces and rules, two units
   * with a resident each (chats `marina` and `rafael`) and a user of no unit (`visitor`).
   */
  async condominioTenant() {
    const tenant = await this.emptyTenant('condominio');
    for (const space of DEMO.condominio.spaces)
      await this.db.condoSpace.create({
        data: { tenantId: tenant.id, ...space, aliases: [...space.aliases] },
      });
    const resident = async (label: string) => {
      const unit = await this.db.condoUnit.create({ data: { tenantId: tenant.id, label } });
      const made = await this.user(tenant.id, 'operator');
      await this.db.condoResident.create({
        data: { userId: made.user.id, tenantId: tenant.id, unitId: unit.id, role: 'morador' },
      });
      return { ...made, unit };
    };
    return {
      tenant,
      marina: await resident('Bloco A, apto 101'),
      rafael: await resident('Bloco B, apto 204'),
      visitor: await this.user(tenant.id, 'operator'),
    };
  }

  /** A user of the tenant with a console identity, and a chat speaking as them. */
  async user(tenantId: string, role: 'owner' | 'operator' | 'viewer' = 'owner') {
    const user = await this.db.user.create({ data: { tenantId, name: `User ${role}`, role } });
    const externalId = `${tenantId}:${user.id}`;
    await this.db.channelIdentity.create({
      data: { tenantId, userId: user.id, channel: 'console', externalId },
    });
    return { user, chat: this.chat(externalId) };
  }

  /** A console chat for a platform identity (linked or not). */
  chat(externalUserId: string): ConsoleChannel {
    const channel = new ConsoleChannel(this.container.ingress, externalUserId, (r) => this.replies.push(r), {
      timeoutMs: 15_000,
    });
    this.workers.push(startSender(this.container, 'console', channel.account, channel));
    return channel;
  }

  /** The reply queue of a console chat (to see whether a turn's replies were sent). */
  outboundQueue(account: string): Queue {
    let queue = this.outboundQueues.get(account);
    if (!queue) {
      queue = new Queue(outboundQueueName('console', account), {
        connection: this.container.connection,
        prefix: this.container.queuePrefix,
      });
      this.outboundQueues.set(account, queue);
    }
    return queue;
  }

  /** Sends a line and returns the texts of its replies. */
  async say(chat: ConsoleChannel, text: string): Promise<string[]> {
    const { replies } = await chat.say(text);
    return replies.map((r) => r.text);
  }

  async close(): Promise<void> {
    await Promise.all([...this.outboundQueues.values()].map((queue) => queue.close()));
    await this.container.close();
  }
}
