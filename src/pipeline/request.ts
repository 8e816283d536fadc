import type { EntityConflict } from '../core/understanding';
import type { AnyTool, DomainPack, Entities, RecalledValue } from '../domains/types';
import type { Draft, FlowProgress } from './conversation';

/**
 * The values a turn hands from step to step. Each step takes what the step before produced and
 * returns the next value or `STOP` (it gave the turn its reply), so a route reads as the list
 * of its steps and no step has to check whether it applies.
 */
export const STOP = Symbol('stop');
export type Stop = typeof STOP;

/** What the person typed, after Gate 1: the text understanding reads and the text as typed. */
export interface Said {
  kind: 'text';
  text: string;
  /** Before Gate 1 stripped anything: what the injection detector must see. */
  typed: string;
  fromAudio: boolean;
}

/** A press on a proposal's own button: the nonce it carries and the answer. */
export interface ButtonPress {
  kind: 'button';
  nonce: string;
  answer: 'yes' | 'no';
}

/** A read-only request waiting on a write ("simulate again once the balance is saved"). */
export type Continuation = Draft['then'];

/** A request understood (new, redone or patched): the intent and the values the person stated. */
export interface Request {
  intent: string;
  entities: Entities;
  conflicts: readonly EntityConflict[];
  then?: Continuation;
  /** A step of a multi-step action after the first (seed 003 §2.3). */
  flow?: FlowProgress;
}

/** A request that passed Gate 3: the tool it leads to and the values that tool receives. */
export interface Validated {
  intent: string;
  tool: AnyTool;
  /** What the person stated plus the defaults Gate 3 filled (shown in the prompt). */
  entities: Entities;
  params: Record<string, unknown>;
  then?: Continuation;
  /** A value a memory gave (seed 003 §5.1): the proposal names the memory beside it. */
  recalled?: RecalledValue;
  flow?: FlowProgress;
}

/** A proposal the person confirmed: what runs is what was proposed, under its nonce. */
export interface Confirmed extends Validated {
  nonce: string;
}

/** The tool an intent leads to; undefined for conversation-only intents. */
export function toolFor(pack: DomainPack, intent: string): AnyTool | undefined {
  const name = pack.intents[intent]?.tool;
  return name ? pack.tools.find((tool) => tool.name === name) : undefined;
}
