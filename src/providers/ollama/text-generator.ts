import type { ChatResponse, Message, Tool } from 'ollama';
import type {
  GenerationAnswer,
  GenerationRequest,
  ProviderLocation,
  TextGenerator,
} from '../../core/text-generation';
import { ollamaClient } from './client';

export interface OllamaTextGeneratorOptions {
  /** The server's root (env `LOCAL_AI_URL`), e.g. http://127.0.0.1:11434. */
  baseUrl: string;
  /** A model the server has pulled (env `LOCAL_AI_MODEL`), e.g. llama3.1:8b. */
  model: string;
  /** How long the server keeps the model loaded after a call; Ollama's default when unset. */
  keepAlive?: string;
}

/** Ollama's `done_reason` in the contract's vocabulary (Gemini's names). */
const FINISH: Readonly<Record<string, string>> = { stop: 'STOP', length: 'MAX_TOKENS' };

/**
 * The text-generation contract on Ollama's chat API (`POST /api/chat`, not streamed), through
 * the official `ollama` client: the system prompt as the first message, functions as `tools`,
 * temperature and the output cap as `options`. Runs on the operator's machines (`location:
 * local`), so data classification lets it see what a cloud provider may not, and it costs no
 * money per call. Anything serving Ollama's API works (Ollama itself, or a proxy in front of it).
 */
export class OllamaTextGenerator implements TextGenerator {
  readonly provider = 'local' as const;
  readonly location: ProviderLocation = 'local';
  readonly model: string;

  constructor(private readonly options: OllamaTextGeneratorOptions) {
    this.model = options.model;
  }

  async generate(request: GenerationRequest): Promise<GenerationAnswer> {
    const client = ollamaClient(this.options.baseUrl, request.signal);
    const messages: Message[] = [
      { role: 'system', content: request.system },
      ...request.messages.map((m) => ({ role: m.role === 'model' ? 'assistant' : 'user', content: m.text })),
    ];
    const tools: Tool[] = (request.functions ?? []).map((f) => ({
      type: 'function',
      function: {
        name: f.name,
        ...(f.description === undefined ? {} : { description: f.description }),
        parameters: f.parameters as NonNullable<Tool['function']['parameters']>,
      },
    }));
    const response = await client.chat({
      model: this.model,
      messages,
      ...(tools.length > 0 ? { tools } : {}),
      stream: false,
      options: { temperature: request.temperature ?? 0, num_predict: request.maxOutputTokens },
      ...(this.options.keepAlive === undefined ? {} : { keep_alive: this.options.keepAlive }),
    });
    return readOllamaAnswer(response);
  }
}

export function readOllamaAnswer(response: ChatResponse): GenerationAnswer {
  const message = response.message ?? { role: 'assistant', content: '' };
  return {
    calls: (message.tool_calls ?? []).map((call) => ({
      name: call.function?.name,
      args: call.function?.arguments,
    })),
    text: (message.content ?? '').trim(),
    finishReason: FINISH[response.done_reason] ?? response.done_reason?.toUpperCase(),
    blockReason: undefined,
    avgLogprobs: undefined,
    usage: { inputTokens: response.prompt_eval_count ?? 0, outputTokens: response.eval_count ?? 0 },
  };
}
