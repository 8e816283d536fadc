import type { Locale } from './locale';

/**
 * What an understander (offline rules or a model) made of one user message.
 *
 * `entities` holds only values that are present in the user's own words, already normalized
 * (amounts as integer cents, dates as `YYYY-MM-DD`); a value not found is absent, never
 * defaulted. When the words hold two competing values for one field (two amounts, two dates),
 * the field is left out of `entities` and listed in `conflicts`, so the pipeline asks instead of
 * picking one.
 */
export interface Understanding {
  intent: string;
  /** 0..1; Gate 2 stops the turn below the configured threshold (0.7). */
  confidence: number;
  entities: Record<string, string | number>;
  conflicts?: EntityConflict[];
  /**
   * A lasting preference a model heard in the message (seed 003 §5.2), to offer keeping after
   * the reply; never a value of this message, never kept without the person's yes.
   */
  memoryProposal?: MemoryProposal;
}

export interface MemoryProposal {
  type: 'preference' | 'pattern' | 'style';
  description: string;
  /** The model's own confidence, 0.6..1: a kept proposal starts there and decays unused. */
  confidence: number;
}

export interface EntityConflict {
  field: string;
  values: Array<string | number>;
}

/** The clock and place a message is understood in: relative dates resolve against these. */
export interface UnderstandingContext {
  locale: Locale;
  /** The moment the message was sent. */
  now: Date;
  /** IANA time zone of the tenant, e.g. `America/Sao_Paulo`. */
  timeZone: string;
}

/**
 * A patch reading: the user answered a clarification question, so the reply is read only for
 * the fields that were asked (`expected`). A bare "150" is an amount when an amount was asked;
 * "o João Silva" is a contact name when a contact was asked.
 */
export interface PatchContext extends UnderstandingContext {
  expected: readonly string[];
}

export interface Understander {
  understand(text: string, ctx: UnderstandingContext): Understanding;
  /** Reads a clarification answer; returns only fields among `ctx.expected` (plus conflicts). */
  readPatch(text: string, ctx: PatchContext): Pick<Understanding, 'entities' | 'conflicts'>;
}
