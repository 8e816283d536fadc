import { boletosPack } from '../../src/domains/boletos';
import { financePack } from '../../src/domains/finance';
import type { DomainPack } from '../../src/domains/types';
import { readModelAnswer } from '../../src/engine/model-reading';
import type { GenerationAnswer } from '../../src/core/text-generation';

/**
 * The model's labels are held to the words like its values: an income the model files as an
 * expense, a category nobody named, or a write the words do not ask for never reach Gate 2 at
 * a confidence it acts on.
 */
const ctx = (pack: DomainPack) => ({
  locale: pack.locale,
  now: new Date('2026-11-22T10:00:00-06:00'),
  timeZone: pack.locale === 'es-MX' ? 'America/Mexico_City' : 'America/Sao_Paulo',
});

function read(pack: DomainPack, text: string, tool: string, args: Record<string, unknown>) {
  const answer: GenerationAnswer = {
    calls: [{ name: tool, args }],
    text: '',
    finishReason: 'STOP',
    blockReason: undefined,
    avgLogprobs: undefined,
    usage: { inputTokens: 10, outputTokens: 5 },
  };
  return readModelAnswer({
    answer,
    text,
    offline: pack.understander.understand(text, ctx(pack)),
    pack,
    offered: pack.tools,
    patchReading: (fields) => pack.understander.readPatch(text, { ...ctx(pack), expected: fields }),
    tenantId: '00000000-0000-4000-8000-000000000000',
    threshold: 0.7,
  });
}

describe('model labels grounded in the words', () => {
  it('an income proposed as an expense in an unnamed category: Gate 2 asks, the category is dropped', () => {
    const reading = read(financePack, 'me depositaron 5 mil de mi aguinaldo', 'log_transaction', {
      amount_mxn_cents: 500000,
      transaction_type: 'expense',
      category: 'entretenimiento',
    });
    expect(reading.kind).toBe('understood');
    if (reading.kind !== 'understood') return;
    expect(reading.understanding.confidence).toBeLessThan(0.7);
    expect(reading.understanding.entities.category).toBeUndefined();
    expect(reading.dropped.map((d) => d.reason)).toEqual(
      expect.arrayContaining(['direction_disagrees', 'label_not_in_text']),
    );
  });

  it('the same call with the direction the words say is proposed', () => {
    const reading = read(financePack, 'me depositaron 5 mil de mi aguinaldo', 'log_transaction', {
      amount_mxn_cents: 500000,
      transaction_type: 'income',
    });
    expect(reading.kind === 'understood' && reading.understanding.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('a write the words only ask about (a status question) is not proposed', () => {
    const reading = read(boletosPack, 'o boleto 45 foi cancelado?', 'cancel_boleto', { boleto_id: 45 });
    expect(reading.kind === 'understood' && reading.understanding.confidence).toBeLessThan(0.7);
  });
});
