import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable Iris reads, with its local default. Parsed once at start;
 * a bad value stops the process with a message that says how to fix it.
 */
/** A comma-separated list of AI providers ("gemini,local"), each named once. */
const providerList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  )
  .pipe(z.array(z.enum(['gemini', 'local'])).min(1))
  .refine((names) => new Set(names).size === names.length, 'a provider is listed twice');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL')
    .default('postgresql://postgres@127.0.0.1:5432/iris'),
  /**
   * PostgreSQL cancels a statement that runs longer; a connection silent for a little longer is
   * dropped (`src/stores/prisma/pg-pool.ts`). A chat turn's statements take milliseconds.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /**
   * Prisma's statements are prepared once per connection (`src/stores/prisma/statement-names.ts`);
   * `false` sends each one unprepared, for a connection pooler that cannot keep prepared
   * statements (PgBouncer before 1.21, or without `max_prepared_statements`, in transaction mode).
   */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  /**
   * Redis Cluster instead of one Redis: some of its nodes, `host:port,host:port` (the client
   * finds the others). REDIS_URL's user, password and rediss:// (TLS) then apply to every node;
   * its host and port are not used. README "Redis Cluster".
   */
  REDIS_CLUSTER_NODES: z
    .string()
    .regex(/^\s*[^\s,:]+:\d+\s*(,\s*[^\s,:]+:\d+\s*)*$/, 'host:port,host:port')
    .optional(),
  /**
   * Prefix of every BullMQ queue and Redis key Iris writes; lets tests and tenants share a Redis.
   * On a cluster, BullMQ's keys get it as a hash tag (`{iris}`): see `src/app/redis-connection.ts`.
   */
  IRIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only')
    .default('iris'),
  /** Jobs each pipeline process runs at once (different conversations only). */
  PIPELINE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  TRANSCRIBER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Grace period for in-flight work on SIGTERM. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  HTTP_HOST: z.string().default('127.0.0.1'),
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3000),

  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_API_ROOT: z.string().url().optional(),
  /** Set to use a webhook on the web process instead of long polling. */
  TELEGRAM_WEBHOOK_URL: z.string().url().optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, '1-256 characters: letters, digits, _ and -')
    .optional(),

  WHATSAPP_ACCOUNT: z.string().default('default'),
  /**
   * How the whatsapp process pairs a number that is not paired yet: 'none' (the default: pair
   * once with `npm run whatsapp:pair`; several processes never show QR codes), 'qr', or 'code'
   * (with WHATSAPP_PAIRING_PHONE).
   */
  WHATSAPP_PAIRING: z.enum(['none', 'qr', 'code']).default('none'),
  WHATSAPP_PAIRING_PHONE: z
    .string()
    .regex(/^\d{10,15}$/, 'digits only, with country code')
    .optional(),
  /** Blue ticks on the messages Iris received (off: a tick says "seen" before any answer). */
  WHATSAPP_READ_RECEIPTS: bool.default(false),
  /** "typing…" while a turn runs. */
  WHATSAPP_TYPING: bool.default(true),
  /**
   * Where the whatsapp process keeps each inbound message until ingress accepts it (WhatsApp has
   * been told it arrived and will not send it again). Must survive a restart of the process.
   */
  WHATSAPP_SPOOL_DIR: z.string().min(1).default('.iris/whatsapp-spool'),
  /** Amounts in replies to groups: `full`, or `masked` outside confirmation prompts. */
  WHATSAPP_GROUP_AMOUNTS: z.enum(['full', 'masked']).default('full'),

  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.string().url().optional(),
  GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
  GEMINI_TRANSCRIBE_MODEL: z.string().default('gemini-2.5-flash'),
  /** Per call; a chat turn should not wait long for a model that has an offline fallback. */
  GEMINI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * A local model (docs/gemini.md#providers): a server speaking Ollama's API on the operator's
   * machines (Ollama itself: `ollama serve`, then `ollama pull llama3.1:8b`). Unset: none.
   */
  LOCAL_AI_URL: z.string().url().optional(),
  LOCAL_AI_MODEL: z.string().min(1).default('llama3.1:8b'),
  /** The local embedding model (`ollama pull nomic-embed-text`); unset: no local embeddings. */
  LOCAL_AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  GEMINI_EMBEDDING_MODEL: z.string().min(1).default('gemini-embedding-001'),
  /** Per call; a small model on a CPU can take seconds, and the offline reading waits behind it. */
  LOCAL_AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /**
   * The platform's providers per task, in order (the first configured one answers, the next
   * ones take over when it fails): `gemini`, `local`. A tenant may choose its own
   * (`npm run iris -- tenant ai --understanding-provider local`).
   */
  AI_UNDERSTANDING_PROVIDERS: providerList.default(['gemini', 'local']),
  AI_SUMMARIZATION_PROVIDERS: providerList.default(['local', 'gemini']),
  /** Embeddings: the first configured provider only (vectors of two models do not compare). */
  AI_EMBEDDINGS_PROVIDERS: providerList.default(['gemini', 'local']),
  /**
   * The platform's AI switch (the AI gate's first check): false, no process calls a model and
   * every message is read offline. At run time: `npm run iris -- ai off|on|status`.
   */
  AI_ENABLED: bool.default(true),
  /** The AI gate's fifth check: model calls per minute, per tenant and per user. */
  AI_CALLS_PER_TENANT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  AI_CALLS_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * The AI alerts (docs/gemini.md#alerts), evaluated by the pipeline processes every
   * ALERT_EVERY_MS over the last ALERT_WINDOW_MS of model calls; thresholds from seed 003 §9.2.
   * ALERT_WEBHOOK_URL: where they are POSTed (Slack-style JSON) besides the log.
   */
  ALERT_WEBHOOK_URL: z.string().url().optional(),
  /** How often the pipeline processes roll the audit log up into daily analytics (today and yesterday). */
  ANALYTICS_EVERY_MS: z.coerce.number().int().min(100).max(86_400_000).default(3_600_000),
  /** How often proposals past their TTL are marked CANCELLED ("expired") in the actions table. */
  PROPOSALS_EXPIRE_EVERY_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  /** How often pipeline processes look for knowledge passages never embedded (with an embedding model). */
  KNOWLEDGE_CATCH_UP_EVERY_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
  /** How often unused memories lose confidence (seed 003 §5.4: weekly). */
  MEMORY_DECAY_EVERY_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(30 * 86_400_000)
    .default(7 * 86_400_000),
  /** The catch-up itself (off in the test suite, whose files share one database). */
  KNOWLEDGE_CATCH_UP: bool.default(true),
  ALERT_EVERY_MS: z.coerce.number().int().min(100).max(86_400_000).default(300_000),
  ALERT_WINDOW_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(300_000),
  AI_ALERT_ERROR_RATE: z.coerce.number().min(0).max(1).default(0.1),
  AI_ALERT_MIN_CALLS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  AI_ALERT_P95_MS: z.coerce.number().int().min(1).max(600_000).default(5_000),
  AI_DAILY_COST_SOFT_USD: z.coerce.number().min(0).default(50),
  AI_DAILY_COST_HARD_USD: z.coerce.number().min(0).default(100),

  /**
   * SMTP server for the messages tenants queue for their contacts (`queue_message`):
   * `smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465`; `?tls=off` is
   * accepted for a relay on loopback only. Unset: no e-mail leaves (see docs/message-delivery.md).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender address of those e-mails (the tenant's name is shown beside it). */
  MAIL_FROM: z.string().email().default('iris@localhost'),
  /**
   * Messages to contacts through the WhatsApp number (WHATSAPP_ACCOUNT) of a deployment that runs
   * the whatsapp process, for tenants with delivery 'whatsapp' and contacts who opted in.
   */
  WHATSAPP_CONTACT_MESSAGES: bool.default(false),
  /** At most this many such messages per tenant in any 24 hours, and this far apart. */
  WHATSAPP_CONTACT_DAILY_CAP: z.coerce.number().int().min(1).max(1000).default(50),
  WHATSAPP_CONTACT_SPACING_MS: z.coerce.number().int().min(0).max(3_600_000).default(20_000),

  /**
   * Encrypts secrets kept in the database (a tenant's boleto provider API key): 64 hex
   * characters, the same on every process, e.g. `openssl rand -hex 32`. Without it no tenant can
   * be connected to a provider (see docs/boleto-providers.md).
   */
  IRIS_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (openssl rand -hex 32)')
    .optional(),
  /**
   * Whether pipeline processes send the owners' notices of boletos paid or overdue. Every process
   * of a deployment shares one queue prefix; the test suite, whose processes share one database
   * under many prefixes, turns it on only where a test watches notices.
   */
  BOLETO_NOTICES: bool.default(true),
  /** How often a pipeline process sends the owners' notices of boletos paid or overdue. */
  BOLETO_NOTICES_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** How often a pipeline process asks the providers about unpaid registered boletos. */
  BOLETO_RECONCILE_EVERY_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(86_400_000)
    .default(15 * 60_000),

  AUDIO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  AUDIO_MAX_SECONDS: z.coerce.number().int().min(1).default(180),
  /** Audio bytes live in Redis at most this long (deleted once transcribed). */
  AUDIO_TTL_SEC: z.coerce.number().int().min(10).default(900),

  /**
   * Bearer token for the operator API of the web process (`/platform/ai/*`: usage, providers,
   * cost); unset, those routes do not exist. At least 24 characters (`openssl rand -hex 24`).
   */
  OPERATOR_TOKEN: z.string().min(24, 'at least 24 characters').optional(),
  /** Basic-auth user:password for the queue dashboard on the web process; unset disables it. */
  DASHBOARD_CREDENTIALS: z
    .string()
    .regex(/^[^:]+:.{8,}$/, 'user:password, the password at least 8 characters')
    .optional(),
  CHECK_REDIS_POLICY: bool.default(true),
  /** The web chat at `/` of the web process (and of `npm start`). */
  WEB_CHAT: bool.default(true),
  /**
   * Signs the web chat's session cookies; every web process must share it. Required in
   * production; in development an unset secret is made up at start (sessions end on restart).
   */
  WEB_SESSION_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** The web chat's demo sign-in (choose a demo user). Default: on except in production. */
  WEB_CHAT_DEMO: bool.optional(),
});

export type Env = z.output<typeof envSchema>;
