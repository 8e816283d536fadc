import { PRODUCT } from '../../config/product';
import {
  CONVERSATION_STATES,
  ConversationStateMachine,
  canTransition,
  stateTimeoutSec,
  type ConversationStatus,
} from '../../src/pipeline/state-machine';

/** Seed 003 §1.2's table of valid transitions, plus TOOL_PROPOSED -> IDLE when superseded (§2.5). */
const VALID: Array<[ConversationStatus, ConversationStatus]> = [
  ['IDLE', 'PROCESSING_INTENT'],
  ['PROCESSING_INTENT', 'TOOL_PROPOSED'],
  ['PROCESSING_INTENT', 'RESPONDING'],
  ['PROCESSING_INTENT', 'AWAITING_INPUT'],
  ['TOOL_PROPOSED', 'EXECUTING'],
  ['TOOL_PROPOSED', 'RESPONDING'],
  ['TOOL_PROPOSED', 'IDLE'],
  ['EXECUTING', 'RESPONDING'],
  ['RESPONDING', 'IDLE'],
  ['AWAITING_INPUT', 'PROCESSING_INTENT'],
  ['AWAITING_INPUT', 'IDLE'],
];

const isValid = (from: ConversationStatus, to: ConversationStatus) =>
  VALID.some(([f, t]) => f === from && t === to);

const ALL_PAIRS = CONVERSATION_STATES.flatMap((from) =>
  CONVERSATION_STATES.map((to) => [from, to] as [ConversationStatus, ConversationStatus]),
);

describe('conversation state machine (seed 003 §1.2)', () => {
  it('has the six states of the seed', () => {
    expect([...CONVERSATION_STATES].sort()).toEqual(
      ['AWAITING_INPUT', 'EXECUTING', 'IDLE', 'PROCESSING_INTENT', 'RESPONDING', 'TOOL_PROPOSED'].sort(),
    );
  });

  it.each(VALID)('allows %s -> %s', (from, to) => {
    const onInvalid = jest.fn();
    const sm = new ConversationStateMachine(from, onInvalid);
    expect(sm.to(to, 'test')).toBe(true);
    expect(sm.state).toBe(to);
    expect(onInvalid).not.toHaveBeenCalled();
    expect(sm.history).toEqual([{ from, to, trigger: 'test', accepted: true }]);
  });

  const invalid = ALL_PAIRS.filter(([from, to]) => !isValid(from, to));

  it('rejects exactly the other 25 transitions', () => {
    expect(invalid).toHaveLength(36 - VALID.length);
    for (const [from, to] of ALL_PAIRS) expect(canTransition(from, to)).toBe(isValid(from, to));
  });

  it.each(invalid)('rejects %s -> %s without throwing, keeps the state and reports it', (from, to) => {
    const onInvalid = jest.fn();
    const sm = new ConversationStateMachine(from, onInvalid);
    let moved: boolean | undefined;
    expect(() => {
      moved = sm.to(to, 'bug');
    }).not.toThrow();
    expect(moved).toBe(false);
    expect(sm.state).toBe(from);
    expect(onInvalid).toHaveBeenCalledTimes(1);
    expect(onInvalid).toHaveBeenCalledWith({ from, to, trigger: 'bug', accepted: false });
  });

  it('EXECUTING cannot be cancelled: neither back to a proposal nor to IDLE', () => {
    const sm = new ConversationStateMachine('EXECUTING');
    expect(sm.to('TOOL_PROPOSED', 'rejected')).toBe(false);
    expect(sm.to('IDLE', 'timeout')).toBe(false);
    expect(sm.state).toBe('EXECUTING');
  });

  it('walks the whole life of a confirmed action', () => {
    const sm = new ConversationStateMachine('IDLE');
    for (const to of ['PROCESSING_INTENT', 'TOOL_PROPOSED', 'EXECUTING', 'RESPONDING', 'IDLE'] as const)
      expect(sm.to(to, 'flow')).toBe(true);
    expect(sm.history.every((r) => r.accepted)).toBe(true);
  });

  it('without a listener an invalid transition is still rejected quietly', () => {
    const sm = new ConversationStateMachine('IDLE');
    expect(sm.to('EXECUTING', 'bug')).toBe(false);
    expect(sm.history).toEqual([{ from: 'IDLE', to: 'EXECUTING', trigger: 'bug', accepted: false }]);
  });

  it('times states out as the seed says: 5 min proposals, inactivity TTL when waiting, 30 s when busy', () => {
    const limits = PRODUCT;
    expect(stateTimeoutSec('TOOL_PROPOSED', limits)).toBe(300);
    expect(stateTimeoutSec('IDLE', limits)).toBe(600);
    expect(stateTimeoutSec('AWAITING_INPUT', limits)).toBe(600);
    for (const busy of ['PROCESSING_INTENT', 'EXECUTING', 'RESPONDING'] as const)
      expect(stateTimeoutSec(busy, limits)).toBe(30);
  });
});
