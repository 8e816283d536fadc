import type { Channel } from '../core/messages';

/**
 * Queue names. BullMQ prefixes every key with the configured prefix (`IRIS_PREFIX`), so one
 * Redis can hold several deployments or test runs side by side.
 */
export const QUEUES = {
  /** "Conversation X has messages in its mailbox": drained by pipeline workers. */
  turns: 'turns',
  /** Audio waiting for speech to text: consumed by transcriber workers. */
  transcribe: 'transcribe',
  /** Periodic jobs (job schedulers: the AI alerts, the analytics roll-up), run by pipeline processes. */
  scheduled: 'scheduled',
  /** "Summarize conversation X": its earlier messages folded into its summary, by pipeline processes. */
  summaries: 'summaries',
  /** "Embed tenant X's new passages": the knowledge base's ingestion, by pipeline processes. */
  knowledge: 'knowledge',
} as const;

/**
 * Each channel's replies have their own queue, consumed by the process that owns the channel.
 * A console session owns its own queue (its account is the session id).
 */
export function outboundQueueName(channel: Channel, account: string): string {
  return channel === 'console' ? `outbound-console-${account}` : `outbound-${channel}`;
}
