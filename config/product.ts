/**
 * Product constants: the rules of the seeds, in one place. They are not environment settings:
 * changing one changes what Iris promises its users, so it goes through review, not deploys.
 */
export const PRODUCT = {
  /** Gate 2: below this, the intent is not trusted and Iris asks (docs/specification.md#gates). */
  intentConfidenceThreshold: 0.7,
  /** Gate 4: a proposal waits this long for "sim"/"sí" (docs/specification.md#confirmation: 5 min, fixed). */
  confirmationTtlSec: 300,
  /** Conversation state and drafts are forgotten after this much silence (docs/specification.md#state-machines). */
  inactivityTtlSec: 600,
  /** Seconds a turn may stay in PROCESSING_INTENT / EXECUTING / RESPONDING (docs/specification.md#state-machines). */
  busyStateTimeoutSec: 30,
  /** Gate 3: the largest boleto, R$ 100.000,00 (docs/specification.md#gates). */
  maxBoletoAmountCents: 10_000_000,
  /**
   * Gate 3: the largest amount or balance the finance pack accepts, $10,000,000.00 MXN. docs/finance.md
   * sets no limit; this one catches a misheard "10 millones" and keeps cents within INTEGER columns.
   */
  maxFinanceAmountCents: 1_000_000_000,
  /** Gate 1: longer messages get a clear refusal and are not processed (docs/gemini.md: 2000). */
  maxInputChars: 2000,
  /**
   * A message delivered this long after it was sent (a WhatsApp or Telegram backlog after
   * downtime) is not executed as a fresh request: its conversation gets one "sorry for the
   * delay, please send it again" per backlog (docs/specification.md#late-messages).
   */
  lateMessageSec: 600,
  /** Recent messages kept per conversation for context (docs/gemini.md). */
  recentMessagesKept: 10,
  /**
   * Conversation summaries (seed 003 §1.3, §6.2): the person's messages that leave the recent
   * window wait in the state; at this many (about ten messages of conversation, both sides) the
   * summary job folds them into the summary. Only for tenants whose AI is on.
   */
  summarizeAfterMessages: 5,
  /** Messages that may wait for a summary when the job keeps failing; older ones are dropped. */
  summaryBacklogMax: 20,
  /** A summary is cut at this many words (seed 003 §1.3). */
  summaryMaxWords: 200,
  /**
   * A conversation's lock lives this long without renewal; the worker that holds it renews it
   * every third of that while it works (however long a turn takes), so the conversations of a
   * process that dies resume a few seconds later instead of after a long lock.
   */
  conversationLockTtlMs: 4_000,
  /**
   * A pipeline process says it is running every `lockHolderBeatEveryMs`, for
   * `lockHolderAliveTtlMs`; once that lapses the sweeper breaks its conversation locks
   * (`stores/lock-holders.ts`): a killed process' conversations resume about two seconds after
   * the kill instead of after the lock's TTL. Three beats may fail before a live process is
   * taken for stopped.
   */
  lockHolderAliveTtlMs: 2_000,
  lockHolderBeatEveryMs: 500,
  /** The mailbox sweeper looks this often for conversations left waiting ... */
  sweepEveryMs: 1_000,
  /** ... and reschedules those that waited at least this long since their last activity. */
  sweepAfterMs: 2_000,
  /**
   * A message whose turn keeps failing on something transient (PostgreSQL or a provider away)
   * and that has waited this long gets a note that its answer is coming; the answer follows
   * when the turn succeeds. Shorter waits stay silent: a blip is not worth a message.
   */
  holdNoticeAfterMs: 3_000,
  /**
   * A drainer's hold on one sender's held messages (`stores/intake-store.ts`): handing one over
   * takes milliseconds; a drainer that died frees its senders after this.
   */
  intakeLockTtlMs: 10_000,
  /**
   * Senders a drainer hands over at once (each in order under its lock): enough that a backlog
   * of new senders after an outage is handed over in well under a second, few enough to leave
   * the process' database connections to the turns.
   */
  intakeSendersAtOnce: 8,
  /** Platform message ids are remembered this long to drop duplicate deliveries. */
  dedupeTtlSec: 7 * 24 * 3600,
  /** An unknown sender gets at most one refusal in this window. */
  unknownUserReplyWindowSec: 24 * 3600,
  /** An invite code is valid this long. */
  inviteTtlSec: 7 * 24 * 3600,
} as const;

/**
 * Confirmation allowlists, matched against the WHOLE message after normalizing case, accents,
 * white space and surrounding punctuation. Anything else re-asks. pt-BR from docs/specification.md#gates; es-MX
 * from docs/finance.md (which also lists "yes").
 */
export const CONFIRMATION_WORDS = {
  'pt-BR': { yes: ['sim', 'confirmo', 'pode', 'ok'], no: ['nao', 'cancela', 'pare'] },
  'es-MX': { yes: ['si', 's', 'ok', 'va', 'confirmo', 'yes'], no: ['no', 'cancelar', 'cancela'] },
} as const;
