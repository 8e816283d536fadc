/**
 * docs/specification.md#state-machines: the conversation's six states and the transitions allowed between them.
 * An invalid transition is rejected (the state does not change) and reported to `onInvalid`,
 * which logs it; it never throws, so a bug in a stage cannot crash a worker mid-turn.
 */
export const CONVERSATION_STATES = [
  'IDLE',
  'PROCESSING_INTENT',
  'TOOL_PROPOSED',
  'EXECUTING',
  'RESPONDING',
  'AWAITING_INPUT',
] as const;
export type ConversationStatus = (typeof CONVERSATION_STATES)[number];

const ALLOWED: Readonly<Record<ConversationStatus, readonly ConversationStatus[]>> = {
  IDLE: ['PROCESSING_INTENT'],
  PROCESSING_INTENT: ['TOOL_PROPOSED', 'RESPONDING', 'AWAITING_INPUT'],
  // -> IDLE on timeout, or when a new request supersedes the proposal (docs/specification.md#confirmation).
  TOOL_PROPOSED: ['EXECUTING', 'RESPONDING', 'IDLE'],
  EXECUTING: ['RESPONDING'],
  RESPONDING: ['IDLE'],
  AWAITING_INPUT: ['PROCESSING_INTENT', 'IDLE'],
};

/** How long a state may last before it times out back to IDLE (seconds). */
export function stateTimeoutSec(
  state: ConversationStatus,
  limits: { confirmationTtlSec: number; inactivityTtlSec: number; busyStateTimeoutSec: number },
): number {
  switch (state) {
    case 'TOOL_PROPOSED':
      return limits.confirmationTtlSec;
    case 'IDLE':
    case 'AWAITING_INPUT':
      return limits.inactivityTtlSec;
    default:
      return limits.busyStateTimeoutSec;
  }
}

export function canTransition(from: ConversationStatus, to: ConversationStatus): boolean {
  return ALLOWED[from].includes(to);
}

export interface TransitionRecord {
  from: ConversationStatus;
  to: ConversationStatus;
  trigger: string;
  accepted: boolean;
}

export class ConversationStateMachine {
  readonly history: TransitionRecord[] = [];

  constructor(
    private current: ConversationStatus,
    private readonly onInvalid: (record: TransitionRecord) => void = () => undefined,
  ) {}

  get state(): ConversationStatus {
    return this.current;
  }

  /** Moves to `to` if allowed; returns whether it moved. */
  to(to: ConversationStatus, trigger: string): boolean {
    const record = { from: this.current, to, trigger, accepted: canTransition(this.current, to) };
    this.history.push(record);
    if (!record.accepted) {
      this.onInvalid(record);
      return false;
    }
    this.current = to;
    return true;
  }
}
