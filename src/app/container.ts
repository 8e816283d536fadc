import { Queue, type ConnectionOptions } from 'bullmq';
import type { RedisClient } from '../core/redis-client';
import { bullConnection, closeBullConnection, createRedisClient, queuePrefix } from './redis-connection';
import type { Logger } from 'pino';
import type { MailTransport } from '../core/mail';
import { PRODUCT, type Env } from '../../config';
import { phoneCandidates } from '../channels/whatsapp/phone';
import { KnowledgeStore } from '../stores/knowledge-store';
import { KnowledgeVectors } from '../stores/knowledge-vectors';
import { Memories } from './memories';
import { aiProvidersFrom } from './ai-providers';
import { requestEmbeddings } from '../queues/knowledge-worker';
import { UserChatStore } from '../stores/user-chat-store';
import { Knowledge } from './knowledge';
import { TenantBoletoIssuers } from './boleto-issuers';
import { BoletoPdfMaker } from './boleto-pdfs';
import { parseSecretKey } from '../core/secret-box';
import type { Ingress } from '../core/channel';
import type { Transcriber } from '../core/providers';
import {
  createConversationSummarizer,
  createGroundedAnswerer,
  createKnowledgeEmbeddings,
  type GroundedAnswerer,
  type KnowledgeEmbeddings,
  createIntentEngine,
  type AiRefusal,
  type ConversationSummarizer,
  type ProviderChoice,
  type ModelTaskConfig,
  PROMPT_BLOCKS,
} from '../engine';
import { PrismaAiUsageStore } from '../stores/ai-usage-store';
import { RedisAiSwitch } from '../stores/ai-switch';
import { RedisModelCallLimiter } from '../stores/model-call-limiter';
import { RedisToolCallLimiter } from '../stores/tool-call-limiter';
import { RedisModelCallStats } from '../stores/model-call-stats';
import type { AuditSink, IntentEngine } from '../pipeline/ports';
import { createTranscriber } from '../providers/transcription';
import { QUEUES } from '../queues/names';
import { Outbox } from '../queues/outbox';
import { TRANSCRIBE_JOB_OPTIONS } from '../queues/transcribe-worker';
import { TURN_JOB_OPTIONS } from '../queues/turn-worker';
import { PrismaActionLedger } from '../stores/action-ledger';
import { RedisAudioStore } from '../stores/audio-store';
import { BatchedAuditSink, PrismaAuditSink } from '../stores/audit-store';
import { ConversationStore } from '../stores/conversation-store';
import { LockHolders } from '../stores/lock-holders';
import { RedisKeys } from '../core/redis-keys';
import type { Pool } from 'pg';
import { prismaOver, type PrismaClient } from '../stores/prisma/client';
import { createPgPool, databaseBounds } from '../stores/prisma/pg-pool';
import { Directory } from './directory';
import { createIngress, type IngressDeps } from './ingress';
import { IntakeStore } from '../stores/intake-store';
import { createLogger } from './logger';
import type { TurnHandlerDeps } from '../queues/turn-handler';
import { packFor } from './packs';

export { redisConnection } from './redis-connection';

/**
 * The composition root: the one place that builds real adapters from configuration. Each
 * process builds one and starts the roles it runs. Nothing here does I/O until used.
 */
export class Container {
  readonly logger: Logger;
  readonly connection: ConnectionOptions;
  /** BullMQ's key prefix: IRIS_PREFIX, as a hash tag on a cluster (`redis-connection.ts`). */
  readonly queuePrefix: string;
  readonly redis: RedisClient;
  readonly db: PrismaClient;
  readonly keys: RedisKeys;
  readonly outbox: Outbox;
  readonly directory: Directory;
  /** Messages held while PostgreSQL cannot say whose they are (ingress holds, pipelines drain). */
  readonly intake: IntakeStore;
  readonly conversations: ConversationStore;
  /** This process as a holder of conversation locks (its pipeline beats; its sweeper judges others). */
  readonly lockHolders: LockHolders;
  readonly audio: RedisAudioStore;
  readonly turns: Queue;
  readonly transcribe: Queue;
  readonly transcriber: Transcriber | undefined;
  audit: AuditSink;
  /** Turns' audit rows, written together (see BatchedAuditSink); flushed on close. */
  private readonly auditBatch: BatchedAuditSink;
  engine: IntentEngine;
  /** The configured model providers (Gemini, local) and the choice per task and tenant. */
  readonly aiProviders: ProviderChoice;
  /** What people asked Iris to remember, and whether they let it (the pipeline's and the prompt's). */
  private memoriesInstance: Memories | undefined;
  get memoryStore(): Memories {
    this.memoriesInstance ??= new Memories(this.db);
    return this.memoriesInstance;
  }
  /** The platform's AI switch (`AI_ENABLED`, `npm run iris -- ai off|on`). */
  readonly aiSwitch: RedisAiSwitch;
  /** Every model call's outcome, latency and cost, which the AI alerts read. */
  readonly modelCallStats: RedisModelCallStats;
  /** Told of each refusal of the AI gate (the pipeline role counts them in a metric). */
  onAiRefusal: ((refusal: AiRefusal) => void) | undefined;
  private readonly closers: Array<() => Promise<unknown>> = [];

  constructor(
    readonly config: Env,
    options: { logger?: Logger; role?: string } = {},
  ) {
    this.logger = options.logger ?? createLogger(config.LOG_LEVEL, options.role ?? 'iris');
    this.connection = bullConnection(config);
    this.queuePrefix = queuePrefix(config);
    this.redis = createRedisClient(config, { maxRetriesPerRequest: 3, lazyConnect: true });
    this.db = prismaOver(this.pgPool(10), { prepared: config.DATABASE_PREPARED_STATEMENTS });
    this.keys = new RedisKeys(config.IRIS_PREFIX);
    this.aiSwitch = new RedisAiSwitch(this.redis, this.keys, { enabledByConfig: config.AI_ENABLED });
    this.modelCallStats = new RedisModelCallStats(this.redis, this.keys);
    this.outbox = new Outbox(this.connection, this.queuePrefix, this.redis, this.keys);
    this.directory = new Directory(this.db);
    this.lockHolders = new LockHolders(this.redis, this.keys, {
      aliveTtlMs: PRODUCT.lockHolderAliveTtlMs,
      beatEveryMs: PRODUCT.lockHolderBeatEveryMs,
    });
    this.conversations = new ConversationStore(this.redis, this.keys, {
      lockTtlMs: PRODUCT.conversationLockTtlMs,
      dedupeTtlSec: PRODUCT.dedupeTtlSec,
      lockToken: () => this.lockHolders.tokenFor(),
    });
    this.intake = new IntakeStore(this.redis, this.keys, {
      ttlSec: PRODUCT.dedupeTtlSec,
      lockTtlMs: PRODUCT.intakeLockTtlMs,
      lockToken: () => this.lockHolders.tokenFor(),
    });
    this.audio = new RedisAudioStore(this.redis, this.keys, {
      ttlSec: config.AUDIO_TTL_SEC,
      maxBytes: config.AUDIO_MAX_BYTES,
    });
    this.turns = new Queue(QUEUES.turns, {
      connection: this.connection,
      prefix: this.queuePrefix,
      defaultJobOptions: TURN_JOB_OPTIONS,
    });
    this.transcribe = new Queue(QUEUES.transcribe, {
      connection: this.connection,
      prefix: this.queuePrefix,
      defaultJobOptions: TRANSCRIBE_JOB_OPTIONS,
    });
    this.transcriber = config.GEMINI_API_KEY
      ? createTranscriber(
          {
            provider: 'gemini',
            apiKey: config.GEMINI_API_KEY,
            ...(config.GEMINI_BASE_URL ? { baseUrl: config.GEMINI_BASE_URL } : {}),
            model: config.GEMINI_TRANSCRIBE_MODEL,
            timeoutMs: config.GEMINI_TIMEOUT_MS,
          },
          this.logger.child({ component: 'transcriber' }),
        )
      : undefined;
    this.auditBatch = new BatchedAuditSink(new PrismaAuditSink(this.db));
    this.audit = this.auditBatch;
    // A dropped Redis connection is retried by the clients; say so in the logs (JSON, once per
    // event) rather than letting ioredis and BullMQ print unhandled errors to stderr.
    const connectionError = (source: string) => (error: Error) =>
      this.logger.warn({ err: error, source }, 'Redis connection error (retrying)');
    this.redis.on('error', connectionError('redis'));
    this.turns.on('error', connectionError('queue turns'));
    this.transcribe.on('error', connectionError('queue transcribe'));
    this.aiProviders = aiProvidersFrom(config, this.logger.child({ component: 'ai-providers' }));
    this.engine = createIntentEngine({
      ...this.modelCallDeps('understanding'),
      // The model sees the conversation's recent messages from the state the turn already
      // holds (Scope.conversation): nothing is loaded from Redis again.
      audit: { write: (entries) => this.audit.write(entries) },
      // Passages of the tenant's documents and the person's memories, for what may reach the
      // provider (by default passages only: memories are personal data).
      background: async (scope, text, wants) => ({
        ...(wants.passages
          ? {
              passages: (await this.knowledge.passages(scope.tenant.id, scope.tenant.locale, text)).slice(
                0,
                PROMPT_BLOCKS.passages,
              ),
            }
          : {}),
        ...(wants.memories
          ? {
              memories: (
                await this.memoryStore.list(scope.tenant.id, scope.user.id, PROMPT_BLOCKS.memories)
              ).map((m) => m.description),
            }
          : {}),
      }),
    });
  }

  /**
   * What meters and gates one kind of model call: the providers, the tenants' usage, the
   * platform's AI switch, the call counts, the calls per minute and the log of `component`.
   */
  private modelCallDeps(component: string, options: { countRefusals?: boolean } = {}): ModelTaskConfig {
    return {
      providers: this.aiProviders,
      usage: new PrismaAiUsageStore(this.db),
      platform: this.aiSwitch,
      stats: this.modelCallStats,
      limiter: new RedisModelCallLimiter(this.redis, this.keys, {
        perTenantPerMinute: this.config.AI_CALLS_PER_TENANT_PER_MINUTE,
        perUserPerMinute: this.config.AI_CALLS_PER_USER_PER_MINUTE,
      }),
      ...(options.countRefusals === false
        ? {}
        : { onRefusal: (refusal: AiRefusal) => this.onAiRefusal?.(refusal) }),
      logger: this.logger.child({ component }),
    };
  }

  /** Conversation summaries on the tenants' summarization providers (built on first use). */
  get summarizer(): ConversationSummarizer {
    return (this.conversationSummarizer ??= createConversationSummarizer(this.modelCallDeps('summaries')));
  }
  private conversationSummarizer: ConversationSummarizer | undefined;

  /** E-mail to tenants' contacts, when SMTP_URL is set; closed by the role that uses it. */
  get mail(): MailTransport | undefined {
    if (this.mailTransport === undefined && this.config.SMTP_URL) {
      // Required here: nodemailer (~12 MB) is loaded only by a process that sends e-mail.
      const { SmtpMailTransport } =
        require('../providers/smtp-mail') as typeof import('../providers/smtp-mail');
      this.mailTransport = new SmtpMailTransport({ url: this.config.SMTP_URL, from: this.config.MAIL_FROM });
    }
    return this.mailTransport;
  }
  private mailTransport: MailTransport | undefined;

  private ingressInstance: Ingress | undefined;

  /** One ingress per process, built on first use (channels and the chat share it). */
  get ingress(): Ingress {
    return (this.ingressInstance ??= createIngress(this.ingressDeps));
  }

  /** What ingress works with; the intake drainer too (it finishes what ingress held). */
  get ingressDeps(): IngressDeps {
    return {
      redis: this.redis,
      keys: this.keys,
      conversations: this.conversations,
      intake: this.intake,
      directory: this.directory,
      db: this.db,
      outbox: this.outbox,
      turns: this.turns,
      transcribe: this.transcribe,
      logger: this.logger.child({ component: 'ingress' }),
      audioEnabled: this.transcriber !== undefined,
      defaultLocale: 'pt-BR',
      phoneCandidates,
    };
  }

  /**
   * The tenants' knowledge bases (documents added with `npm run iris -- kb add`): hybrid search
   * where the tenant has an embedding model and its passages are embedded, keywords otherwise.
   */
  get knowledge(): Knowledge {
    return (this.knowledgeBase ??= new Knowledge(new KnowledgeStore(this.db), {
      vectors: this.knowledgeVectors,
      embeddings: {
        modelOf: async (tenantId) => {
          const tenant = await this.directory.tenant(tenantId);
          return tenant && this.knowledgeEmbeddings.modelOf(tenant);
        },
        embedQuestion: async (tenantId, question) => {
          const tenant = await this.directory.tenant(tenantId);
          return tenant && this.knowledgeEmbeddings.embedQuestion(tenant, question);
        },
      },
      ingestion: { request: (tenantId) => requestEmbeddings(this.knowledgeQueue, tenantId) },
    }));
  }

  /** General questions answered in a model's words from the tenant's documents (checked). */
  get groundedAnswerer(): GroundedAnswerer {
    return (this.answererInstance ??= createGroundedAnswerer(this.modelCallDeps('grounded-answers')));
  }
  private answererInstance: GroundedAnswerer | undefined;

  /** The embeddings of the tenants' passages (compared here, or by pgvector where installed). */
  get knowledgeVectors(): KnowledgeVectors {
    return (this.vectors ??= new KnowledgeVectors(this.db));
  }
  private vectors: KnowledgeVectors | undefined;

  /** Embeddings of passages and questions on the tenants' embedding models, gated and metered. */
  get knowledgeEmbeddings(): KnowledgeEmbeddings {
    // Not counted with the refusals of understanding (iris_ai_gate_refusals_total counts
    // messages read offline): a refused embedding only means keyword search.
    return (this.embeddingsInstance ??= createKnowledgeEmbeddings(
      this.modelCallDeps('knowledge-embeddings', { countRefusals: false }),
    ));
  }
  private embeddingsInstance: KnowledgeEmbeddings | undefined;

  /** The knowledge base's ingestion queue (passages to embed); its worker runs in pipeline processes. */
  get knowledgeQueue(): Queue {
    if (!this.knowledgeQueueInstance) {
      this.knowledgeQueueInstance = new Queue(QUEUES.knowledge, {
        connection: this.connection,
        prefix: this.queuePrefix,
      });
      this.knowledgeQueueInstance.on('error', (error) =>
        this.logger.warn({ err: error }, 'knowledge queue error (retrying)'),
      );
    }
    return this.knowledgeQueueInstance;
  }
  private knowledgeQueueInstance: Queue | undefined;
  private knowledgeBase: Knowledge | undefined;

  /** Each tenant's boleto issuer: local, or its provider's (docs/boleto-providers.md). */
  get boletoIssuers(): TenantBoletoIssuers {
    return (this.issuers ??= new TenantBoletoIssuers(
      this.db,
      this.config.IRIS_SECRET_KEY ? parseSecretKey(this.config.IRIS_SECRET_KEY) : undefined,
    ));
  }
  private issuers: TenantBoletoIssuers | undefined;

  /**
   * A PostgreSQL pool of `max` connections with the configured bounds on waits; an idle
   * connection that breaks is logged and replaced. Prisma's pool and the WhatsApp auth store's.
   */
  pgPool(max: number): Pool {
    return createPgPool(this.config.DATABASE_URL, {
      max,
      bounds: databaseBounds(this.config.DATABASE_STATEMENT_TIMEOUT_MS),
      onIdleError: (err) =>
        this.logger.warn({ err }, 'an idle PostgreSQL connection broke; the pool opens another'),
    });
  }

  /** Boletos as PDFs: the provider's own, or drawn here (docs/boleto-providers.md#pdf). */
  readonly boletoPdfs = new BoletoPdfMaker();

  /** Where each user was last reached in a chat of their own (notices go there). */
  get userChats(): UserChatStore {
    return (this.chatStore ??= new UserChatStore(this.db));
  }
  private chatStore: UserChatStore | undefined;

  turnHandlerDeps(): TurnHandlerDeps {
    return {
      ledger: new PrismaActionLedger(this.db),
      engine: this.engine,
      db: this.db,
      // A boleto issued through a provider waits on its HTTP calls inside the transaction (they
      // come before the rows are locked): longer than Prisma's 5 s default, bounded by their
      // own 10 s time-outs.
      transaction: (fn) => this.db.$transaction((tx) => fn(tx), { timeout: 45_000 }),
      knowledge: this.knowledge,
      ...(this.aiProviders.any ? { answerer: this.groundedAnswerer } : {}),
      memories: this.memoryStore,
      boletoIssuers: this.boletoIssuers,
      toolCalls: new RedisToolCallLimiter(this.redis, this.keys),
      logger: this.logger.child({ component: 'pipeline' }),
      directory: this.directory,
      packFor,
      conversations: this.conversations,
      audioLimits: { maxBytes: this.config.AUDIO_MAX_BYTES, maxSeconds: this.config.AUDIO_MAX_SECONDS },
      rememberChat: (chat) => this.userChats.remember(chat),
    };
  }

  onClose(fn: () => Promise<unknown>): void {
    this.closers.push(fn);
  }

  /** Closes workers first (registered by the roles), then queues and connections. */
  async close(): Promise<void> {
    // Side by side: each worker's close waits for its own blocking read to return (up to
    // BullMQ's drain delay), and one after another that added up to seconds per worker.
    await Promise.allSettled(
      this.closers
        .reverse()
        .map((fn) => fn().catch((error: unknown) => this.logger.warn({ err: error }, 'error while closing'))),
    );
    await Promise.allSettled([
      this.turns.close(),
      this.transcribe.close(),
      this.outbox.close(),
      this.knowledgeQueueInstance?.close(),
      this.auditBatch.flush(),
    ]);
    await Promise.allSettled([
      this.db.$disconnect(),
      this.redis.quit(),
      closeBullConnection(this.connection),
    ]);
  }
}
