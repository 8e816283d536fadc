import type { InboundEnvelope, OutboundMessage } from './messages';

/** What ingress did with an envelope; adapters use it to answer the platform (e.g. a button press). */
export type IngressOutcome =
  | { status: 'queued'; correlationId: string }
  | { status: 'duplicate' }
  /** The sender is not linked to any user; a refusal reply was queued (at most once a day). */
  | { status: 'unknown_user' }
  | { status: 'rejected'; reason: string };

/**
 * The callback a channel adapter gets. Adapters map platform updates to envelopes and call
 * this; they never import the engine (the idea is Rasa's `on_new_message`).
 */
export interface Ingress {
  handle(envelope: InboundEnvelope): Promise<IngressOutcome>;
}

/** A channel's transport for replies; the outbound worker calls it once per queued reply. */
export interface ChannelSender {
  send(message: OutboundMessage): Promise<void>;
}
