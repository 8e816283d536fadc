import type { PrintableBoleto } from './boleto-pdf';

/** The ways a message to a contact can leave. */
export type ContactChannel = 'email' | 'whatsapp';

/** A message to a contact, claimed by one deliverer for one attempt. */
export interface ClaimedMessage {
  id: string;
  tenantId: string;
  channel: ContactChannel;
  /** The e-mail address or the phone number (digits, with the country code). */
  address: string;
  content: string;
  correlationId: string;
  /** This attempt's number (1 for the first); later writes are fenced by it. */
  attempts: number;
  tenantName: string;
  locale: string;
  /** The boleto the message delivers: its PDF goes with it. */
  boleto?: PrintableBoleto;
}

/** Where messages to contacts wait to be sent, and where each outcome is recorded. */
export interface MessageOutbox {
  /**
   * Claims up to `limit` messages for `channels` due now (or left by a deliverer that died) for
   * `leaseMs`.
   */
  claimDue(limit: number, leaseMs: number, channels: readonly ContactChannel[]): Promise<ClaimedMessage[]>;
  markSent(id: string, attempt: number): Promise<void>;
  markRetry(id: string, attempt: number, error: string, at: Date): Promise<void>;
  markFailed(id: string, attempt: number, error: string): Promise<void>;
  /**
   * Gives a claimed message back untried, its attempt not counted: due at `at` (now when the
   * deliverer is stopping; later when a sending limit says wait).
   */
  release(id: string, attempt: number, at?: Date): Promise<void>;
  /** How many of a tenant's messages went out by `channel` since `since`, and the last one's time. */
  sentSince(tenantId: string, channel: ContactChannel, since: Date): Promise<{ count: number; last?: Date }>;
}
