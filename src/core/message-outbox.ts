/** A message to a contact, claimed by one deliverer for one attempt. */
export interface ClaimedMessage {
  id: string;
  address: string;
  content: string;
  /** This attempt's number (1 for the first); later writes are fenced by it. */
  attempts: number;
  tenantName: string;
  locale: string;
}

/** Where messages to contacts wait to be sent, and where each outcome is recorded. */
export interface MessageOutbox {
  /** Claims up to `limit` messages due now (or left by a deliverer that died) for `leaseMs`. */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedMessage[]>;
  markSent(id: string, attempt: number): Promise<void>;
  markRetry(id: string, attempt: number, error: string, at: Date): Promise<void>;
  markFailed(id: string, attempt: number, error: string): Promise<void>;
  /** Gives a claimed message back untried (the deliverer is stopping): due now, attempt not counted. */
  release(id: string, attempt: number): Promise<void>;
}
