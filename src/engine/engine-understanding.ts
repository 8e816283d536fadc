import type { Understanding } from '../core/understanding';
import type { AiRefusal } from './ai-gate';

/**
 * What the engine returns: an `Understanding` (all the pipeline reads) plus where it came from,
 * for logs and tests. The extra fields never change what the gates do.
 *
 * - `source: 'offline'`: the pack's offline understander read it (by mode, or as a fallback,
 *   then `fallback` says why);
 * - `source: 'model'`: a model's function call (Gemini or local), validated and grounded;
 * - `source: 'blocked'`: intent UNKNOWN, confidence 0, so Gate 2 replies with the "not understood"
 *   fallback; `blocked` says why (a HIGH injection risk, or a model call the guards refused).
 */
export type BlockReason = 'injection' | 'tool_not_allowed' | 'tool_unknown' | 'cross_tenant' | 'foreign_pii';

export type FallbackReason =
  | 'mode_offline'
  | AiRefusal
  | 'offline_confident'
  | 'sanitized_empty'
  | 'no_provider'
  | 'no_tools'
  | 'prompt_budget'
  | 'provider_error'
  | 'model_refused'
  | 'malformed_call'
  | 'malformed_args'
  | 'no_call'
  | 'tool_without_intent';

export interface EngineUnderstanding extends Understanding {
  source: 'offline' | 'model' | 'blocked';
  fallback?: FallbackReason;
  blocked?: BlockReason;
}

export function offlineResult(offline: Understanding, fallback: FallbackReason): EngineUnderstanding {
  return { ...offline, source: 'offline', fallback };
}

export function blockedResult(blocked: BlockReason): EngineUnderstanding {
  return { intent: 'UNKNOWN', confidence: 0, entities: {}, source: 'blocked', blocked };
}
