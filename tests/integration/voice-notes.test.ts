import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { geminiEnv, startFakeGeminiServer, type FakeGeminiServer } from '../support/fake-gemini-server';
import { Harness } from '../support/harness';

const OGG = readFileSync(join(__dirname, '../fixtures/audio/boleto-pt-br.ogg'));

async function sendAudio(
  h: Harness,
  chat: ReturnType<Harness['chat']>,
  bytes: Buffer,
  mimeType = 'audio/ogg',
) {
  const audioKey = await h.container.audio.put(bytes, mimeType);
  const { replies } = await chat.sendContent({ type: 'audio', audioKey, mimeType, sizeBytes: bytes.length });
  return { audioKey, texts: replies.map((r) => r.text) };
}

describe('voice notes through the transcription queue, Gemini (local fake) and the pipeline', () => {
  let gemini: FakeGeminiServer;
  let h: Harness;

  beforeAll(async () => {
    gemini = await startFakeGeminiServer();
    h = new Harness(geminiEnv(gemini));
    h.startPipelines(1);
    h.startTranscriber();
  });
  afterAll(async () => {
    await h.close();
    await gemini.close();
  });

  it('quotes what was heard above the proposal, then creates the boleto on "sim"', async () => {
    const { tenant, chat } = await h.boletosTenant();
    gemini.enqueue({
      kind: 'transcript',
      text: 'cria um boleto de cento e cinquenta reais pro João Silva pra dia 10/12/2099',
    });
    const { audioKey, texts } = await sendAudio(h, chat, OGG);
    expect(texts).toEqual([
      '🎤 Entendi: "cria um boleto de cento e cinquenta reais pro João Silva pra dia 10/12/2099"\n' +
        'Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em 10/12/2099.\nConfirma? (Sim/Não)',
    ]);
    const request = gemini.requests.at(-1)!;
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    const parts = request.body?.contents?.[0]?.parts ?? [];
    expect(parts.find((p) => p.inlineData)?.inlineData).toEqual({
      mimeType: 'audio/ogg',
      data: OGG.toString('base64'),
    });
    // The bytes are gone once transcribed.
    expect(await h.container.audio.get(audioKey)).toBeUndefined();

    expect((await h.say(chat, 'sim'))[0]).toMatch(/^Boleto nº 1 criado: R\$ 150,00 para João Silva/);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
  });

  it('asks to send again or type when the transcript is empty', async () => {
    const { chat } = await h.boletosTenant();
    gemini.enqueue({ kind: 'empty' });
    expect((await sendAudio(h, chat, OGG)).texts).toEqual([
      'Não consegui entender o áudio. Pode enviar de novo ou escrever?',
    ]);
  });

  it('asks to send again or type when the provider refuses the request', async () => {
    const { chat } = await h.boletosTenant();
    gemini.enqueue({ kind: 'error', status: 400 });
    expect((await sendAudio(h, chat, OGG)).texts).toEqual([
      'Não consegui entender o áudio. Pode enviar de novo ou escrever?',
    ]);
  });

  it('says why an unsupported file is refused, without calling the provider', async () => {
    const { chat } = await h.boletosTenant();
    const before = gemini.requests.length;
    const pdf = Buffer.from('%PDF-1.4\n% not audio\n');
    expect((await sendAudio(h, chat, pdf, 'audio/ogg')).texts).toEqual([
      'Não consigo ler esse formato de áudio. Pode enviar uma mensagem de voz ou escrever?',
    ]);
    expect(gemini.requests.length).toBe(before);
  });

  it('keeps the order of a conversation: text, audio, text', async () => {
    const { chat } = await h.boletosTenant();
    gemini.enqueue({ kind: 'transcript', text: 'lista os boletos' });
    const audioKey = await h.container.audio.put(OGG, 'audio/ogg');
    const results = await Promise.all([
      chat.say('oi'),
      chat.sendContent({ type: 'audio', audioKey, mimeType: 'audio/ogg', sizeBytes: OGG.length }),
      chat.say('xyzzy plugh'),
    ]);
    const order = h.replies
      .filter((r) => results.some((res) => res.replies.includes(r)))
      .map((r) => r.text.slice(0, 12));
    expect(order).toEqual(['Sou a Iris. ', 'Nenhum bolet', 'Desculpe, nã']);
  });
});

describe('voice notes with no provider configured', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('answers that voice notes are not enabled, never silence', async () => {
    const { chat } = await h.boletosTenant();
    expect((await sendAudio(h, chat, OGG)).texts).toEqual([
      'Mensagens de voz não estão habilitadas aqui. Por favor, escreva sua mensagem.',
    ]);
  });
});
