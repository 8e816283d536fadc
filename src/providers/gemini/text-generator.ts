import type {
  GenerationAnswer,
  GenerationRequest,
  ProviderLocation,
  TextGenerator,
} from '../../core/text-generation';
import type { GenerateContentResponse } from './sdk';
import type { GenerateContentApi } from './transcriber';

export interface GeminiTextGeneratorOptions {
  models: GenerateContentApi;
  model: string;
  /** Thinking tokens allowed. Default 0 (picking a function needs none); null: the model's default. */
  thinkingBudget?: number | null;
}

/**
 * The text-generation contract on Gemini's `generateContent` (function calling): the system
 * prompt as `systemInstruction`, functions as `parametersJsonSchema` declarations, one
 * candidate at temperature 0. Errors are the SDK's; the resilient decorator maps them.
 */
export class GeminiTextGenerator implements TextGenerator {
  readonly provider = 'gemini' as const;
  readonly location: ProviderLocation = 'cloud';
  readonly model: string;

  constructor(private readonly options: GeminiTextGeneratorOptions) {
    this.model = options.model;
  }

  async generate(request: GenerationRequest): Promise<GenerationAnswer> {
    const thinkingBudget = this.options.thinkingBudget === undefined ? 0 : this.options.thinkingBudget;
    const functions = request.functions ?? [];
    const response = await this.options.models.generateContent({
      model: this.model,
      contents: request.messages.map((m) => ({ role: m.role, parts: [{ text: m.text }] })),
      config: {
        systemInstruction: request.system,
        ...(functions.length > 0
          ? {
              tools: [
                {
                  functionDeclarations: functions.map((f) => ({
                    name: f.name,
                    ...(f.description === undefined ? {} : { description: f.description }),
                    parametersJsonSchema: f.parameters,
                  })),
                },
              ],
            }
          : {}),
        temperature: request.temperature ?? 0,
        candidateCount: 1,
        maxOutputTokens: request.maxOutputTokens,
        ...(thinkingBudget === null ? {} : { thinkingConfig: { thinkingBudget } }),
        ...(request.signal ? { abortSignal: request.signal } : {}),
      },
    });
    return readGeminiAnswer(response);
  }
}

/**
 * What is read from a `generateContent` answer: the function calls and text of the first
 * candidate (thoughts excluded), why it stopped, and the token counts for the bill.
 */
export function readGeminiAnswer(response: GenerateContentResponse): GenerationAnswer {
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
