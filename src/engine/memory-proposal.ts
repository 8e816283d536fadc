import { z } from 'zod';
import type { FunctionSpec, GeneratedCall } from '../core/text-generation';
import type { MemoryProposal } from '../core/understanding';

/**
 * The memory a model may propose beside its reading (seed 003 §5.2): a function offered with the
 * pack's tools, never a tool. The model calls it only to say "this person has a lasting
 * preference"; the pipeline asks the person before anything is kept, and only when they already
 * allowed memories. Its description is screened again there (no personal data, no instruction).
 */
export const MEMORY_FUNCTION = 'propose_memory';

/** Below this the proposal is not even offered (seed §5.2: confidence ≥ 0.6). */
export const MIN_PROPOSAL_CONFIDENCE = 0.6;

export const MEMORY_FUNCTION_SPEC: FunctionSpec = {
  name: MEMORY_FUNCTION,
  description:
    'Call this in addition to any other call, and only when the person states a lasting preference, ' +
    'habit or style about how they use this service (for example the due day they always use). ' +
    'Never for a one-off request, never with names, document numbers, phones, e-mails or amounts of money. ' +
    "description: the preference as one short sentence in the person's language.",
  parameters: {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['preference', 'pattern', 'style'] },
      description: { type: 'string', description: 'one short sentence, at most 200 characters' },
      confidence: { type: 'number', minimum: 0, maximum: 1 },
    },
    required: ['type', 'description', 'confidence'],
  },
};

const proposalSchema = z.object({
  type: z.enum(['preference', 'pattern', 'style']),
  description: z.string().trim().min(3).max(200),
  confidence: z.number().min(0).max(1),
});

/**
 * The answer's calls without the memory function, and the memory it proposed (the first one
 * that parses and is confident enough; a malformed one is dropped, never an error of the reading).
 */
export function splitMemoryCall(calls: readonly GeneratedCall[]): {
  calls: GeneratedCall[];
  proposal: MemoryProposal | undefined;
} {
  const rest = calls.filter((call) => call.name !== MEMORY_FUNCTION);
  const proposal = calls
    .filter((call) => call.name === MEMORY_FUNCTION)
    .map((call) => proposalSchema.safeParse(call.args ?? {}))
    .find((parsed) => parsed.success && parsed.data.confidence >= MIN_PROPOSAL_CONFIDENCE);
  return { calls: rest, proposal: proposal?.success ? proposal.data : undefined };
}
