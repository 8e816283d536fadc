import type { GenerateContentResponse } from '../providers/gemini/sdk';
import type { ModelCall } from '../security/output-validator';

/**
 * What the engine reads from a `generateContent` answer: the function calls and text of the first
 * candidate (thoughts excluded), why it stopped, and the token counts for the bill.
 */
export interface ModelAnswer {
  calls: ModelCall[];
  text: string;
  finishReason: string | undefined;
  /** Set when Gemini refused the prompt itself (no candidate). */
  blockReason: string | undefined;
  avgLogprobs: number | undefined;
  usage: { inputTokens: number; outputTokens: number };
}

/** Finish reasons after which the answer can be used. Anything else (SAFETY, MALFORMED_FUNCTION_CALL...) cannot. */
export const USABLE_FINISH = new Set([undefined, 'STOP', 'MAX_TOKENS', 'FINISH_REASON_UNSPECIFIED']);

export function readAnswer(response: GenerateContentResponse): ModelAnswer {
  const candidate = response.candidates?.[0];
  const parts = candidate?.content?.parts ?? [];
  const calls = parts
    .filter((part) => part.functionCall !== undefined && part.thought !== true)
    .map((part) => ({ name: part.functionCall?.name, args: part.functionCall?.args }));
  const text = parts
    .filter((part) => typeof part.text === 'string' && part.thought !== true)
    .map((part) => part.text)
    .join('')
    .trim();
  const usage = response.usageMetadata;
  return {
    calls,
    text,
    finishReason: candidate?.finishReason as string | undefined,
    blockReason: response.promptFeedback?.blockReason as string | undefined,
    avgLogprobs: typeof candidate?.avgLogprobs === 'number' ? candidate.avgLogprobs : undefined,
    usage: {
      // Tool-use prompt tokens are billed as input; thinking tokens as output.
      inputTokens: (usage?.promptTokenCount ?? 0) + (usage?.toolUsePromptTokenCount ?? 0),
      outputTokens: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0),
    },
  };
}
