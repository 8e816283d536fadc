import { PRODUCT } from '../../config/product';
import { Queue, type Worker } from 'bullmq';
import { IrisError } from '../core/errors';
import type { Transcriber } from '../core/providers';
import { startMessageDeliverer } from '../queues/message-deliverer';
import { startSweeper } from '../queues/sweeper';
import { QUEUES } from '../queues/names';
import { requestSummary, startSummaryWorker } from '../queues/summary-worker';
import { WhatsappContactTransport } from '../queues/whatsapp-contact-transport';
import { PrismaMessageOutbox } from '../stores/queued-message-store';
import { startTranscribeWorker } from '../queues/transcribe-worker';
import { startTurnWorker } from '../queues/turn-worker';
import { startBoletoNotifier } from './boleto-notifier';
import { startCondoNoticeDeliverer } from './condo-notices';
import { startBoletoReconciler } from './boleto-reconciler';
import { periodicJobs } from './periodic-jobs';
import { startScheduledJobs } from './scheduled-jobs';
import { startKnowledgeIngestion } from './knowledge-ingestion';
import { startIntakeDrainer } from './intake-drainer';
import { packFor } from './packs';
import { CHANNEL_MODULES } from './channels/registry';
import { handleMessage } from '../queues/turn-handler';
import type { Container } from './container';
import { checkRedisPolicy } from './redis-policy';
import { serversOf } from '../core/redis-client';
import {
  confirmationOutcome,
  SHARED_METRICS as M,
  sharedMetricsOf,
  type SharedMetrics,
} from './shared-metrics';

/** The `pipeline` role: drains conversation mailboxes, and sweeps the ones left waiting. */
/**
 * What a turn worker needs besides its handler: the queue, the mailbox and conversation state,
 * the outbox and the audit log. The pipeline's worker and the bench's empty one share it.
 */
export function turnTransport(c: Container) {
  return {
    connection: c.connection,
    prefix: c.queuePrefix,
    conversations: c.conversations,
    outbox: c.outbox,
    transcribe: c.transcribe,
    turns: c.turns,
    audit: { write: (entries: Parameters<typeof c.audit.write>[0]) => c.audit.write(entries) },
  };
}

export function startPipeline(
  c: Container,
  options: {
    concurrency?: number;
    /**
     * Deliver messages to contacts and notices to owners, and sweep providers, for these tenants
     * only (test files, which share one database, each serve their own; `npm run chat` its
     * tenant); default all.
     */
    onlyTenants?: () => readonly string[];
  } = {},
): Worker {
  const metrics = sharedMetricsOf(c);
  if (c.config.CHECK_REDIS_POLICY) void checkEveryRedisServer(c);
  const handlerDeps = c.turnHandlerDeps();
  const summaries = startSummaries(c);
  const worker = startTurnWorker({
    ...turnTransport(c),
    handle: (message, transcript, stored) => handleMessage(message, transcript, handlerDeps, stored),
    localeOf: async (tenantId) => (await c.directory.tenantOrLastRead(tenantId))?.locale,
    logger: c.logger.child({ component: 'turns' }),
    concurrency: options.concurrency ?? c.config.PIPELINE_CONCURRENCY,
    typingChannels: CHANNEL_MODULES.filter((module) => module.typing).map((module) => module.id),
    ...(summaries ? { summaryDue: summaries.request } : {}),
    onTurnError: ({ transient }) => metrics.inc(M.turnsAnsweredWithError, { transient: String(transient) }),
    observe: ({ ms, audit }) => {
      metrics.observe(M.turnDuration, ms / 1000);
      for (const record of audit) {
        metrics.inc(M.gateEvents, { event: record.event });
        const outcome = confirmationOutcome(record);
        if (outcome) metrics.inc(M.confirmations, { outcome });
      }
    },
  });
  worker.on('failed', () => metrics.inc(M.turnJobFailures));
  // One counter per container, however many pipelines it runs (the same metrics object).
  c.onAiRefusal = (refusal) => metrics.inc(M.aiGateRefusals, { refusal });
  const stopBeating = c.lockHolders.start((error) =>
    c.logger.warn({ err: error }, 'could not say this process is running (its locks may be broken)'),
  );
  const stopSweeper = startSweeper({
    conversations: c.conversations,
    turns: c.turns,
    holders: c.lockHolders,
    onLockBroken: () => metrics.inc(M.locksOfStoppedProcesses),
    everyMs: PRODUCT.sweepEveryMs,
    olderThanMs: PRODUCT.sweepAfterMs,
    logger: c.logger.child({ component: 'sweeper' }),
  });
  const stopIntakeDrainer = startIntakeDrainer({
    ...c.ingressDeps,
    holders: c.lockHolders,
    logger: c.logger.child({ component: 'intake' }),
  });
  // Messages to contacts: by e-mail with SMTP_URL, through the WhatsApp process with
  // WHATSAPP_CONTACT_MESSAGES (the deployment runs one); no deliverer without either.
  const mail = c.mail;
  const whatsapp = c.config.WHATSAPP_CONTACT_MESSAGES
    ? new WhatsappContactTransport(c.outbox, c.config.WHATSAPP_ACCOUNT)
    : undefined;
  const deliverer =
    mail || whatsapp
      ? startMessageDeliverer({
          outbox: new PrismaMessageOutbox(c.db, options.onlyTenants),
          transports: { ...(mail ? { email: mail } : {}), ...(whatsapp ? { whatsapp } : {}) },
          pdfs: c.boletoPdfs,
          logger: c.logger.child({ component: 'message-delivery' }),
          options: {
            whatsappDailyCap: c.config.WHATSAPP_CONTACT_DAILY_CAP,
            whatsappSpacingMs: c.config.WHATSAPP_CONTACT_SPACING_MS,
          },
          onOutcome: (outcome, channel) => metrics.inc(M.contactMessages, { outcome, channel }),
        })
      : undefined;
  const reconciler = startBoletoReconciler({
    db: c.db,
    issuers: c.boletoIssuers,
    everyMs: c.config.BOLETO_RECONCILE_EVERY_MS,
    logger: c.logger.child({ component: 'boleto-reconciler' }),
    ...(options.onlyTenants ? { onlyTenants: options.onlyTenants } : {}),
  });
  const notifier = c.config.BOLETO_NOTICES
    ? startBoletoNotifier({
        db: c.db,
        outbox: c.outbox,
        chats: c.userChats,
        pdfs: c.boletoPdfs,
        ...(options.onlyTenants ? { onlyTenants: options.onlyTenants } : {}),
        packFor,
        everyMs: c.config.BOLETO_NOTICES_EVERY_MS,
        logger: c.logger.child({ component: 'boleto-notices' }),
      })
    : undefined;
  // The síndico's notices to residents go out with the same switch and rhythm as the owners' notices.
  const condoNotices = c.config.BOLETO_NOTICES
    ? startCondoNoticeDeliverer({
        db: c.db,
        outbox: c.outbox,
        chats: c.userChats,
        packFor,
        ...(options.onlyTenants ? { onlyTenants: options.onlyTenants } : {}),
        everyMs: c.config.BOLETO_NOTICES_EVERY_MS,
        logger: c.logger.child({ component: 'condo-notices' }),
      })
    : undefined;
  const scheduled = startScheduledJobs(c, periodicJobs(c), c.logger.child({ component: 'scheduled-jobs' }));
  const ingestion = startKnowledgeIngestion(c);
  c.onClose(async () => {
    stopSweeper();
    stopIntakeDrainer();
    // The mail in flight finishes (or is recorded for a retry) before the SMTP pool closes.
    const stopDelivery = async () => {
      await deliverer?.stop();
      await mail?.close();
    };
    // All together: the turn worker stops taking turns at once, whatever else is finishing.
    await Promise.all([
      worker.close(),
      stopDelivery(),
      reconciler.stop(),
      notifier?.stop(),
      condoNotices?.stop(),
      scheduled.stop(),
      summaries?.stop(),
      ingestion?.close(),
    ]);
    // After the worker: its turns hold locks until then.
    stopBeating();
  });
  return worker;
}

/**
 * Conversation summaries (docs/gemini.md "Conversation summaries"), when a model provider is
 * configured: the queue turns ask on, and its worker.
 */
function startSummaries(
  c: Container,
):
  | { request: (tenantId: string, conversationId: string) => Promise<void>; stop(): Promise<void> }
  | undefined {
  if (!c.aiProviders.any) return undefined;
  const queue = new Queue(QUEUES.summaries, { connection: c.connection, prefix: c.queuePrefix });
  const logger = c.logger.child({ component: 'summaries' });
  queue.on('error', (error) => logger.warn({ err: error }, 'summaries queue error (retrying)'));
  const summarizer = c.summarizer;
  const worker = startSummaryWorker({
    connection: c.connection,
    prefix: c.queuePrefix,
    conversations: c.conversations,
    summarize: async (tenantId, previous, messages, now) => {
      const tenant = await c.directory.tenant(tenantId);
      if (!tenant) return undefined;
      return (await summarizer.summarize(tenant, previous, messages, now)).text;
    },
    logger,
  });
  return {
    request: (tenantId, conversationId) => requestSummary(queue, tenantId, conversationId),
    async stop() {
      await worker.close();
      await queue.close();
    },
  };
}

/** The `transcriber` role: speech to text for voice notes. */
export function startTranscriber(c: Container): Worker {
  const metrics = sharedMetricsOf(c);
  const worker = startTranscribeWorker({
    connection: c.connection,
    prefix: c.queuePrefix,
    conversations: c.conversations,
    audio: c.audio,
    transcriber: c.transcriber && countingErrors(c.transcriber, metrics),
    localeOf: async (tenantId) => (await c.directory.tenant(tenantId))?.locale,
    turns: c.turns,
    logger: c.logger.child({ component: 'transcriber' }),
    concurrency: c.config.TRANSCRIBER_CONCURRENCY,
    limits: { maxBytes: c.config.AUDIO_MAX_BYTES, maxSeconds: c.config.AUDIO_MAX_SECONDS },
  });
  c.onClose(() => worker.close());
  return worker;
}

/** The transcriber, counting each error it throws by code (provider answered vs unreachable). */
function countingErrors(transcriber: Transcriber, metrics: SharedMetrics): Transcriber {
  return {
    name: transcriber.name,
    async transcribe(request) {
      try {
        return await transcriber.transcribe(request);
      } catch (error) {
        const kind = error instanceof IrisError ? error.code : 'unexpected';
        metrics.inc(M.providerErrors, { provider: transcriber.name, kind });
        throw error;
      }
    },
  };
}

/**
 * The Redis policy check (redis-policy.ts) on each server that holds keys: the one Redis, or
 * every master of a cluster (INFO and CONFIG answer for one server only).
 */
async function checkEveryRedisServer(c: Container): Promise<void> {
  const logger = c.logger.child({ component: 'redis' });
  // A cluster client knows its masters once connected.
  await c.redis.ping().catch(() => undefined);
  for (const server of serversOf(c.redis)) {
    const { host, port } = server.options;
    await checkRedisPolicy(server, c.redis.isCluster ? logger.child({ server: `${host}:${port}` }) : logger);
  }
}
