import { z } from 'zod';
import { CONVERSATION_STATES } from './state-machine';

const entities = z.record(z.string(), z.union([z.string(), z.number()]));
const continuation = z.object({ intent: z.string(), entities });

/** A request waiting for missing values (clarify, patch mode: docs/finance.md). */
export const draftSchema = z.object({
  intent: z.string(),
  entities,
  missing: z.array(z.string()),
  then: continuation.optional(),
});
export type Draft = z.infer<typeof draftSchema>;

/**
 * A multi-step action in progress (seed 003 §2.3): step `step` of `total`, each confirmed on its
 * own, and the steps already run with their results — what a failing later step compensates.
 */
export const flowSchema = z.object({
  id: z.string(),
  step: z.number().int().min(1),
  total: z.number().int().min(2).max(5),
  done: z.array(z.object({ tool: z.string(), nonce: z.string(), result: z.record(z.string(), z.unknown()) })),
});
export type FlowProgress = z.infer<typeof flowSchema>;

/**
 * The pending confirmation (docs/specification.md#confirmation), in Redis under the tenant and conversation with a
 * 300 s TTL. It binds the action to the tenant, conversation and user that were asked.
 */
export const pendingSchema = z.object({
  nonce: z.string().uuid(),
  tenantId: z.string(),
  conversationId: z.string(),
  userId: z.string(),
  intent: z.string(),
  tool: z.string(),
  entities,
  params: z.record(z.string(), z.unknown()),
  proposedAt: z.string(),
  expiresAt: z.string(),
  then: continuation.optional(),
  flow: flowSchema.optional(),
});
export type PendingConfirmation = z.infer<typeof pendingSchema>;

/** docs/specification.md#the-turn ephemeral graph state, kept in Redis with the inactivity TTL. */
export const conversationStateSchema = z.object({
  v: z.literal(1),
  state: z.enum(CONVERSATION_STATES),
  since: z.string(),
  turnCount: z.number().int(),
  lastIntent: z.string().optional(),
  draft: draftSchema.optional(),
  /** The last proposal, kept after its pending key expires to tell "expired" from "nothing pending". */
  lastProposal: z
    .object({
      nonce: z.string(),
      intent: z.string(),
      tool: z.string(),
      entities,
      expiresAt: z.string(),
      then: continuation.optional(),
    })
    .optional(),
  /** After "A proposta de ação expirou. Deseja que eu refaça?": a yes proposes it again (never executes). */
  redoOffer: z
    .object({ intent: z.string(), entities, until: z.string(), then: continuation.optional() })
    .optional(),
  /**
   * After "Posso guardar…?" (memory consent), or after a model's proposal ("Posso guardar esta
   * preferência…?", with `proposed`): the memory a yes keeps; answers only the next message.
   */
  memoryOffer: z
    .object({
      description: z.string(),
      until: z.string(),
      proposed: z
        .object({
          type: z.enum(['preference', 'pattern', 'style']),
          description: z.string(),
          confidence: z.number(),
        })
        .optional(),
    })
    .optional(),
  /**
   * After "Não encontrei nos documentos uma resposta certa…": the sections offered, in the order
   * shown; the next message may pick one by its number (it answers only that message).
   */
  sectionsOffer: z
    .object({
      until: z.string(),
      sections: z.array(z.object({ title: z.string(), heading: z.string() })).max(3),
    })
    .optional(),
  /** When the conversation was last told its messages arrived late (one notice per backlog). */
  lateNoticeAt: z.string().optional(),
  recent: z.array(z.object({ role: z.enum(['user', 'assistant']), text: z.string(), at: z.string() })),
  /** What came before `recent`, summarized by the summary job (docs/gemini.md "Conversation summaries"). */
  summary: z.string().optional(),
  /**
   * The person's messages that left `recent` and wait for the summary job. Iris' replies are not
   * kept: they carry figures from the books, which no model may see (config/data-classification.ts).
   */
  earlier: z.array(z.object({ text: z.string(), at: z.string() })).optional(),
  lastCorrelationId: z.string().optional(),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

export function freshState(now: Date): ConversationState {
  return { v: 1, state: 'IDLE', since: now.toISOString(), turnCount: 0, recent: [] };
}

/** Parses stored state; corrupt state is replaced by a fresh one (docs/gemini.md) and reported. */
export function parseState(
  raw: string | null,
  now: Date,
  onCorrupt: (error: unknown) => void,
): ConversationState {
  if (raw === null) return freshState(now);
  try {
    return conversationStateSchema.parse(JSON.parse(raw));
  } catch (error) {
    onCorrupt(error);
    return freshState(now);
  }
}

export function parsePending(
  raw: string | null,
  onCorrupt: (error: unknown) => void,
): PendingConfirmation | undefined {
  if (raw === null) return undefined;
  try {
    return pendingSchema.parse(JSON.parse(raw));
  } catch (error) {
    onCorrupt(error);
    return undefined;
  }
}
