import { FakeConversation, fakeDeps, paymentsPack } from '../support/pipeline-fakes';

/** Gate 1 (seed 000): nothing empty, malformed or too long reaches understanding. */
describe('Gate 1: input normalization', () => {
  function setup() {
    const { deps, engine } = fakeDeps();
    const conversation = new FakeConversation(deps, paymentsPack().pack);
    return { conversation, engine };
  }

  it.each([
    ['empty', ''],
    ['spaces', '     '],
    ['white space of every kind', ' \t\n\r\u00a0 \u2003 '],
    ['only control and invisible characters', '\u0000\u0007\u200b\ufeff\u2060'],
  ])('%s: "Não entendi. Pode repetir?" and the engine is never asked', async (_name, text) => {
    const { conversation, engine } = setup();
    const out = await conversation.send(text);
    expect(out.replies).toEqual([{ text: 'Não entendi. Pode repetir?' }]);
    expect(out.audit).toEqual([{ event: 'input_gate_fail', data: { reason: 'empty' } }]);
    expect(engine.asked).toEqual([]);
    expect(out.state.state).toBe('IDLE');
  });

  it('strips control characters and reads new lines as spaces before understanding', async () => {
    const { conversation, engine } = setup();
    await conversation.send('\u0000pa\u200bgar\u0007 150\npara\tAna\u001b ');
    expect(engine.asked).toEqual(['pagar 150 para Ana']);
  });

  it('accepts exactly 2000 characters', async () => {
    const { conversation, engine } = setup();
    const out = await conversation.send('a'.repeat(2000));
    expect(engine.asked).toHaveLength(1);
    expect(out.replies).toEqual([{ text: 'Desculpe, não entendi sua solicitação. Pode reformular?' }]);
  });

  it('refuses 2001 characters without cutting them, and the engine is never asked', async () => {
    const { conversation, engine } = setup();
    const out = await conversation.send('a'.repeat(2001));
    expect(out.replies).toEqual([
      { text: 'Sua mensagem é muito longa (máximo de 2000 caracteres). Pode resumir?' },
    ]);
    expect(out.audit).toEqual([{ event: 'input_gate_fail', data: { reason: 'too_long', length: 2001 } }]);
    expect(engine.asked).toEqual([]);
  });

  it('counts the length after control characters are stripped', async () => {
    const { conversation, engine } = setup();
    await conversation.send(`${'a'.repeat(2000)}\u0000\u0000\u200b`);
    expect(engine.asked).toHaveLength(1);
  });

  it('an audio whose transcript is empty asks for the audio again', async () => {
    const { conversation, engine } = setup();
    const out = await conversation.send({ kind: 'text', text: '  ', fromAudio: true });
    expect(out.replies).toEqual([
      { text: 'Não consegui entender o áudio. Pode enviar de novo ou escrever?' },
    ]);
    expect(out.audit).toEqual([{ event: 'input_gate_fail', data: { reason: 'empty_transcript' } }]);
    expect(engine.asked).toEqual([]);
  });

  it('content Iris cannot read gets its fixed sentence', async () => {
    const { conversation } = setup();
    const out = await conversation.send({
      kind: 'problem',
      key: 'audio_too_long',
      params: { maxSeconds: 120 },
    });
    expect(out.replies).toEqual([
      {
        text: 'O áudio é longo demais (máximo de 120 segundos). Pode enviar um áudio mais curto ou escrever?',
      },
    ]);
    expect(out.audit).toEqual([{ event: 'input_gate_fail', data: { reason: 'audio_too_long' } }]);
  });

  it('a failed input while a proposal waits keeps the proposal', async () => {
    const { conversation, engine } = setup();
    engine.set('pagar 150 para Ana', {
      intent: 'PAY',
      confidence: 0.95,
      entities: { payee: 'Ana', amount_cents: 15_000 },
    });
    await conversation.send('pagar 150 para Ana');
    const nonce = conversation.pending!.nonce;
    const out = await conversation.send('   ');
    expect(out.replies).toEqual([{ text: 'Não entendi. Pode repetir?' }]);
    expect(out.pending).toEqual({ op: 'keep' });
    expect(out.state.state).toBe('TOOL_PROPOSED');
    expect(conversation.pending?.nonce).toBe(nonce);
  });
});
