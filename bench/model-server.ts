import { boletosPack } from '../src/domains/boletos';
import { startFakeGeminiServer, type FakeGeminiServer } from '../tests/support/fake-gemini-server';

/**
 * The model for `npm run bench -- --model-latency MS`: a local server speaking Gemini's
 * `generateContent` wire format (tests/support/fake-gemini-server.ts) that answers every call
 * after MS milliseconds, so the pipeline's real Gemini client, AI gate, prompt builder and
 * grounding run as in production while the model's time is a fixed, known delay. Its reading is
 * the offline reader's (the call the bench's message asks for, with the values it states), so
 * the script's conversations go on as they do offline; a call without tools (a summary) gets a
 * short text.
 */
export function startBenchModel(delayMs: number): Promise<FakeGeminiServer> {
  return startFakeGeminiServer({
    delayMs,
    record: false,
    respond(body) {
      if (!body?.tools) return { kind: 'transcript', text: 'Resumo: a pessoa cuida dos seus boletos.' };
      const text =
        body.contents
          ?.at(-1)
          ?.parts?.map((part) => part.text ?? '')
          .join(' ') ?? '';
      const read = boletosPack.understander.understand(text, {
        locale: 'pt-BR',
        now: new Date(),
        timeZone: 'America/Sao_Paulo',
      });
      const tool = boletosPack.intents[read.intent]?.tool;
      return tool
        ? { kind: 'function_call', calls: [{ name: tool, args: read.entities }], avgLogprobs: -0.05 }
        : { kind: 'transcript', text: 'Posso ajudar com seus boletos.' };
    },
  });
}
