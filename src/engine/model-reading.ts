import type { EntityConflict, MemoryProposal, Understanding } from '../core/understanding';
import type { AnyTool, DomainPack } from '../domains/types';
import { validateModelOutput, type OutputValidation } from '../security/output-validator';
import { CONFIDENCE, modelConfidence } from './confidence';
import { argumentsSchema, parametersSchema } from './declarations';
import type { BlockReason, EngineUnderstanding, FallbackReason } from './engine-understanding';
import { groundValues, type DroppedValue, type Witness } from './grounding';
import { splitMemoryCall } from './memory-proposal';
import type { GenerationAnswer } from '../core/text-generation';
import type { ParameterSchema } from './value-kinds';

/**
 * Turns a model answer into an understanding, in this order (docs/specification.md#tools):
 *
 *   1. output validation: the called tool must be one offered to this user (else blocked),
 *      its arguments must parse with the tool's schema (else malformed), and must not carry
 *      another tenant's id or someone else's personal data (else blocked);
 *   2. intent: the pack intent whose `tool` is the called one;
 *   3. grounding: values the person did not say are dropped (`grounding.ts`; witnesses: the
 *      offline reading and a patch reading of the message for the tool's fields);
 *   4. when the offline reading has the same intent, the values it found that the model left
 *      out are added (they are the person's words by construction);
 *   5. confidence (`confidence.ts`).
 *
 * No function call (a text answer) is not an understanding: the text is never shown to anyone;
 * the engine goes on with the offline reading, so a greeting is still GENERAL_QUESTION by the
 * offline rules and anything they do not know ends as UNKNOWN ("Desculpe, não entendi...").
 */
export type ModelReading = (
  | { kind: 'understood'; understanding: EngineUnderstanding; dropped: DroppedValue[]; warnings: string[] }
  | { kind: 'blocked'; reason: BlockReason; tool: string | undefined; detail: string }
  | { kind: 'fallback'; reason: FallbackReason; detail: string }
) & {
  /** A memory the model proposed beside its reading (`memory-proposal.ts`); not for a blocked one. */
  memoryProposal?: MemoryProposal;
};

export interface ReadingInput {
  answer: GenerationAnswer;
  text: string;
  offline: Understanding;
  pack: DomainPack;
  /** The tools offered to this user. */
  offered: readonly AnyTool[];
  /** The offline patch reading of the message for these fields (a grounding witness). */
  patchReading: (fields: readonly string[]) => Witness;
  tenantId: string;
  threshold: number;
}

function blockReason(validation: OutputValidation, pack: DomainPack): BlockReason {
  const reason = validation.blocked!.reason;
  if (reason !== 'undeclared_tool') return reason;
  return pack.tools.some((tool) => tool.name === validation.blocked!.tool)
    ? 'tool_not_allowed'
    : 'tool_unknown';
}

function intentForTool(pack: DomainPack, tool: string): string | undefined {
  return Object.values(pack.intents).find((spec) => spec.tool === tool)?.name;
}

function parameterSchemas(tool: AnyTool): Record<string, ParameterSchema> {
  const properties = parametersSchema(tool).properties;
  return (properties ?? {}) as Record<string, ParameterSchema>;
}

export function readModelAnswer(input: ReadingInput): ModelReading {
  // The memory function is not a tool: taken out before the tool call is validated, and kept
  // only with a reading that was not blocked.
  const { calls, proposal } = splitMemoryCall(input.answer.calls);
  const reading = readToolCall({ ...input, answer: { ...input.answer, calls } });
  return proposal && reading.kind !== 'blocked' ? { ...reading, memoryProposal: proposal } : reading;
}

function readToolCall(input: ReadingInput): ModelReading {
  const { answer, pack, offline, text } = input;
  const declared = new Map(input.offered.map((tool) => [tool.name, argumentsSchema(tool)]));
  const validation = validateModelOutput({
    text: answer.text,
    calls: answer.calls,
    declared,
    userText: text,
    tenantId: input.tenantId,
  });
  if (validation.status === 'blocked') {
    return {
      kind: 'blocked',
      reason: blockReason(validation, pack),
      tool: validation.blocked!.tool,
      detail: validation.blocked!.detail,
    };
  }
  if (validation.status === 'malformed') {
    return { kind: 'fallback', reason: 'malformed_args', detail: validation.malformed ?? 'malformed' };
  }
  if (!validation.call)
    return { kind: 'fallback', reason: 'no_call', detail: `text answer (${answer.text.length} chars)` };

  const tool = input.offered.find((t) => t.name === validation.call!.name)!;
  const intent = intentForTool(pack, tool.name);
  if (!intent) return { kind: 'fallback', reason: 'tool_without_intent', detail: tool.name };

  const schemas = parameterSchemas(tool);
  const witnesses = [offline, input.patchReading(Object.keys(schemas))];
  const grounded = groundValues(validation.call.args, text, witnesses, schemas);
  const entities = { ...grounded.entities };
  const conflicts: EntityConflict[] = [...grounded.conflicts];
  if (offline.intent === intent) {
    for (const [field, value] of Object.entries(offline.entities)) {
      if (entities[field] === undefined && !conflicts.some((c) => c.field === field)) entities[field] = value;
    }
    for (const conflict of offline.conflicts ?? []) {
      if (entities[conflict.field] === undefined && !conflicts.some((c) => c.field === conflict.field)) {
        conflicts.push(conflict);
      }
    }
  }
  const conversational = new Set(
    Object.values(pack.intents)
      .filter((s) => !s.tool)
      .map((s) => s.name),
  );
  let confidence = modelConfidence({
    intent,
    offline,
    droppedValues: grounded.dropped.length,
    avgLogprobs: answer.avgLogprobs,
    threshold: input.threshold,
    conversational,
  });
  // The model's labels are checked like its values: a direction the words contradict (an
  // income proposed as an expense), or a write the words do not ask for (a question, a
  // hypothesis), makes Gate 2 ask instead of proposing.
  if (grounded.disagreements.length > 0 || !pack.asksForWrite(intent, text))
    confidence = Math.min(confidence, CONFIDENCE.disagreement);
  return {
    kind: 'understood',
    understanding: {
      intent,
      confidence,
      entities,
      ...(conflicts.length > 0 ? { conflicts } : {}),
      source: 'model',
    },
    dropped: grounded.dropped,
    warnings: validation.warnings,
  };
}
