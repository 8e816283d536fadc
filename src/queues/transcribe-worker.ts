import { Worker, type ConnectionOptions, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import { IrisError } from '../core/errors';
import type { Locale } from '../core/locale';
import type { Transcriber } from '../core/providers';
import { detectAudioFormat } from '../providers/audio';
import { estimateDurationMs } from '../providers/audio-duration';
import type { RedisAudioStore } from '../stores/audio-store';
import type { ConversationStore } from '../stores/conversation-store';
import { QUEUES } from './names';
import { safeJobId } from './outbox';
import { transcribeJobSchema, type TranscriptRecord } from './payloads';

export const TRANSCRIBE_JOB_OPTIONS = {
  attempts: 4,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { age: 24 * 3600 },
} as const;

export interface TranscribeWorkerDeps {
  connection: ConnectionOptions;
  prefix: string;
  conversations: ConversationStore;
  audio: RedisAudioStore;
  transcriber: Transcriber | undefined;
  /** The tenant's locale: the language to transcribe in. */
  localeOf: (tenantId: string) => Promise<Locale | undefined>;
  turns: Queue;
  logger: Logger;
  concurrency: number;
  limits: { maxBytes: number; maxSeconds: number };
}

/**
 * Speech to text for voice notes. The transcript (or the reason there is none) is left for the
 * pipeline under the message's id, and the conversation is scheduled: the audio's place among
 * the conversation's messages is its place in the mailbox, so order is kept.
 */
export function startTranscribeWorker(deps: TranscribeWorkerDeps): Worker {
  const worker = new Worker(
    QUEUES.transcribe,
    async (job) => {
      const data = transcribeJobSchema.parse(job.data);
      const log = deps.logger.child({
        correlationId: data.correlationId,
        conversationId: data.conversationId,
        tenantId: data.tenantId,
      });
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      let record: TranscriptRecord;
      try {
        record = await transcribe(deps, data);
      } catch (error) {
        const retryable = !(error instanceof IrisError) || error.retryable;
        if (retryable && !lastAttempt) throw error;
        log.warn({ err: error }, 'transcription failed; asking the person to send again or type');
        record = { error: 'failed' };
      }
      await deps.conversations.keepTranscript(data.messageId, record, 3600);
      // The bytes are not needed any more, whatever the outcome (their TTL bounds them anyway).
      const audio = await findAudio(deps, data.conversationId, data.messageId);
      if (audio) await deps.audio.delete(audio.audioKey);
      await deps.turns.add(
        'turn',
        { conversationId: data.conversationId, tenantId: data.tenantId },
        { jobId: safeJobId(`a-${data.messageId}`) },
      );
      log.info({ ok: !('error' in record) }, 'transcription done');
    },
    { connection: deps.connection, prefix: deps.prefix, concurrency: deps.concurrency },
  );
  worker.on('error', (error) => deps.logger.error({ err: error }, 'transcribe worker error'));
  return worker;
}

async function transcribe(
  deps: TranscribeWorkerDeps,
  data: { messageId: string; tenantId: string; conversationId: string; correlationId: string },
): Promise<TranscriptRecord> {
  if (!deps.transcriber) return { error: 'disabled' };
  const head = await findAudio(deps, data.conversationId, data.messageId);
  if (!head) return { error: 'failed' };
  const audio = await deps.audio.get(head.audioKey);
  if (!audio) return { error: 'failed' };
  if (audio.bytes.length > deps.limits.maxBytes) return { error: 'too_large' };
  const format = detectAudioFormat(audio.bytes);
  if (format === 'unsupported') return { error: 'unsupported' };
  const durationMs = estimateDurationMs(audio.bytes, format);
  if (durationMs !== undefined && durationMs > deps.limits.maxSeconds * 1000) return { error: 'too_long' };
  const locale = await deps.localeOf(data.tenantId);
  const result = await deps.transcriber.transcribe({
    audio: { bytes: audio.bytes, mimeType: format },
    locale: locale ?? 'pt-BR',
    correlationId: data.correlationId,
  });
  return { text: result.text.trim() };
}

/** The audio message in the conversation's mailbox (it waits there, in order, for this). */
async function findAudio(
  deps: TranscribeWorkerDeps,
  conversationId: string,
  messageId: string,
): Promise<{ audioKey: string } | undefined> {
  const entries = await deps.conversations.waiting<{
    id: string;
    content: { type: string; audioKey?: string };
  }>(conversationId, 51);
  for (const entry of entries) {
    if (entry.id === messageId && entry.content.type === 'audio' && entry.content.audioKey)
      return { audioKey: entry.content.audioKey };
  }
  return undefined;
}
