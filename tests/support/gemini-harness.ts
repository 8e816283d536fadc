import { geminiEnv, startFakeGeminiServer, type FakeGeminiServer } from './fake-gemini-server';
import { Harness } from './harness';

/**
 * A test file's Iris wired to a fake Gemini server (the real SDK against it), with one pipeline
 * and, on request, a transcriber: started before the file's tests, closed after them. Read
 * `setup.h` and `setup.gemini` inside tests (they exist once `beforeAll` ran).
 */
export function withFakeGemini(options: { transcriber?: boolean } = {}): {
  readonly h: Harness;
  readonly gemini: FakeGeminiServer;
} {
  let h: Harness | undefined;
  let gemini: FakeGeminiServer | undefined;
  beforeAll(async () => {
    gemini = await startFakeGeminiServer();
    h = new Harness(geminiEnv(gemini));
    h.startPipelines(1);
    if (options.transcriber) h.startTranscriber();
  });
  afterAll(async () => {
    await h?.close();
    await gemini?.close();
  });
  return {
    get h() {
      if (!h) throw new Error('withFakeGemini: read setup.h inside a test');
      return h;
    },
    get gemini() {
      if (!gemini) throw new Error('withFakeGemini: read setup.gemini inside a test');
      return gemini;
    },
  };
}
