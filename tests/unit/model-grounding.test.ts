import type { Understanding } from '../../src/core/understanding';
import { CONFIDENCE, modelConfidence } from '../../src/engine/confidence';
import { groundValues } from '../../src/engine/grounding';
import { valueKind } from '../../src/engine/value-kinds';
import { boletosUnderstander } from '../../src/domains/boletos/understanding';
import { condominioPack } from '../../src/domains/condominio';

/**
 * Seed 000's hallucination matrix for model readings: a value is kept only when the person's
 * words support it (the offline reading of the same text is the witness for amounts and dates).
 */

const ctx = {
  locale: 'pt-BR' as const,
  now: new Date('2026-11-22T13:00:00Z'),
  timeZone: 'America/Sao_Paulo',
};
const offlineOf = (text: string) => boletosUnderstander.understand(text, ctx);
const schemas = { status: { type: 'string', enum: ['PENDING', 'PAID'] } };

describe('groundValues', () => {
  it('keeps values the person said: amount and date as the offline reader read them, name words, ids', () => {
    const text = 'cria um boleto de 150 reais pro João Silva pra dia 10';
    const grounded = groundValues(
      { contact_name: 'joao silva', amount_cents: 15000, due_date: '2026-12-10' },
      text,
      [offlineOf(text)],
      {},
    );
    expect(grounded.entities).toEqual({
      contact_name: 'joao silva',
      amount_cents: 15000,
      due_date: '2026-12-10',
    });
    expect(grounded.dropped).toEqual([]);
  });

  it('a patch reading witnesses values when the rules did not recognise the intent', () => {
    const text = 'bota na conta do João 150 pra dia 10';
    // What the offline readers give when they do not recognise the request: no intent, no values.
    const offline: Understanding = { ...offlineOf(text), intent: 'UNKNOWN', confidence: 0, entities: {} };
    const patch = boletosUnderstander.readPatch(text, {
      ...ctx,
      expected: ['contact_name', 'amount_cents', 'due_date'],
    });
    const args = { contact_name: 'João', amount_cents: 15000, due_date: '2026-12-10' };
    expect(groundValues(args, text, [offline], {}).entities).toEqual({ contact_name: 'João' });
    expect(groundValues(args, text, [offline, patch], {}).entities).toEqual(args);
  });

  it('drops an amount the words do not hold (so Gate 3 asks for it)', () => {
    const text = 'cria um boleto pro João pra dia 10';
    const grounded = groundValues({ contact_name: 'João', amount_cents: 50000 }, text, [offlineOf(text)], {});
    expect(grounded.entities).toEqual({ contact_name: 'João' });
    expect(grounded.dropped).toEqual([
      { field: 'amount_cents', kind: 'amount', value: 50000, reason: 'amount_not_in_text' },
    ]);
  });

  it('drops an amount that differs from the one said (cents forgotten, digits changed)', () => {
    const text = 'boleto de 150 reais pro João amanhã';
    const grounded = groundValues({ amount_cents: 150 }, text, [offlineOf(text)], {});
    expect(grounded.dropped.map((d) => d.reason)).toEqual(['amount_not_in_text']);
  });

  it('drops a date nobody said, keeps one the offline reader resolved', () => {
    const text = 'cria um boleto de 150 pro João amanhã';
    expect(groundValues({ due_date: '2026-11-30' }, text, [offlineOf(text)], {}).dropped).toHaveLength(1);
    expect(groundValues({ due_date: '2026-11-23' }, text, [offlineOf(text)], {}).entities).toEqual({
      due_date: '2026-11-23',
    });
  });

  it('drops a contact whose words are not in the text (accents and case do not matter)', () => {
    const text = 'cria um boleto de 150 pro JOAO amanhã';
    expect(groundValues({ contact_name: 'João' }, text, [offlineOf(text)], {}).entities).toEqual({
      contact_name: 'João',
    });
    const invented = groundValues({ contact_name: 'João Pereira' }, text, [offlineOf(text)], {});
    expect(invented.entities).toEqual({});
    expect(invented.dropped[0]).toMatchObject({ field: 'contact_name', reason: 'name_not_in_text' });
  });

  it('drops an id that is not written in the text', () => {
    const text = 'cancela o boleto 12';
    expect(groundValues({ boleto_id: 12 }, text, [offlineOf(text)], {}).entities).toEqual({ boleto_id: 12 });
    expect(groundValues({ boleto_id: 13 }, text, [offlineOf(text)], {}).dropped[0]).toMatchObject({
      reason: 'id_not_in_text',
    });
  });

  it('keeps free text only when it is a passage of the message; else the offline one is used', () => {
    const text = 'manda pro Pedro: pagamento recebido, obrigado';
    const offline = offlineOf(text);
    expect(groundValues({ message_content: 'pagamento recebido' }, text, [offline], {}).entities).toEqual({
      message_content: 'pagamento recebido',
    });
    const rewritten = groundValues({ message_content: 'Seu pagamento foi confirmado' }, text, [offline], {});
    expect(rewritten.dropped[0]).toMatchObject({ reason: 'text_not_in_text' });
    expect(rewritten.entities.message_content).toBe(offline.entities.message_content);
    expect(rewritten.fromOffline).toEqual(['message_content']);
  });

  it('keeps a label a witness read; the offline label wins on a clash; an unread label is dropped', () => {
    const none: Understanding = { intent: 'LIST_BOLETOS', confidence: 0.9, entities: {} };
    const unread = groundValues({ status: 'PENDING' }, 'boletos em aberto', [none], schemas);
    expect(unread.entities).toEqual({});
    expect(unread.dropped[0]).toMatchObject({ field: 'status', reason: 'label_not_in_text' });
    const read = { ...none, entities: { status: 'PENDING' } };
    expect(groundValues({ status: 'PENDING' }, 'boletos em aberto', [read], schemas).entities).toEqual({
      status: 'PENDING',
    });
    const offline = { ...none, entities: { status: 'PAID' } };
    expect(groundValues({ status: 'PENDING' }, 'boletos pagos', [offline], schemas).entities).toEqual({
      status: 'PAID',
    });
  });

  it('a direction the words contradict (income read as an expense) is a disagreement, not a value', () => {
    const offline: Understanding = {
      intent: 'LOG_TRANSACTION',
      confidence: 0.9,
      entities: { amount_mxn_cents: 50000, transaction_type: 'income' },
    };
    const grounded = groundValues(
      { amount_mxn_cents: 50000, transaction_type: 'expense', category: 'otros' },
      'me depositaron 500',
      [offline],
      {},
    );
    expect(grounded.disagreements).toEqual(['transaction_type']);
    expect(grounded.entities).toEqual({ amount_mxn_cents: 50000 });
    expect(grounded.dropped.map((d) => d.reason)).toEqual(['direction_disagrees', 'label_not_in_text']);
  });

  it('two amounts in the words: the model pick is dropped and the conflict is passed on', () => {
    const offline: Understanding = {
      intent: 'CREATE_BOLETO',
      confidence: 0.9,
      entities: { contact_name: 'João' },
      conflicts: [{ field: 'amount_cents', values: [15000, 20000] }],
    };
    const grounded = groundValues({ amount_cents: 15000 }, 'boleto de 150 ou 200 pro João', [offline], {});
    expect(grounded.entities).toEqual({});
    expect(grounded.conflicts).toEqual(offline.conflicts);
    expect(grounded.dropped[0]).toMatchObject({ reason: 'conflict_in_text' });
  });
});

describe('valueKind', () => {
  it('names the kinds of the shipped fields and guesses unknown ones by name and schema', () => {
    expect(valueKind('amount_cents')).toBe('amount');
    expect(valueKind('minimum_payment_mxn_cents')).toBe('amount');
    expect(valueKind('due_date')).toBe('date');
    expect(valueKind('contact_name')).toBe('name');
    expect(valueKind('boleto_id')).toBe('id');
    expect(valueKind('message_content')).toBe('text');
    expect(valueKind('fee_cents')).toBe('amount');
    expect(valueKind('start_date')).toBe('date');
    expect(valueKind('kind', { enum: ['a', 'b'] })).toBe('label');
    expect(valueKind('count', { type: 'integer' })).toBe('number');
    expect(valueKind('anything')).toBe('text');
  });
});

describe('modelConfidence', () => {
  const base = { threshold: 0.7, conversational: new Set(['GENERAL_QUESTION']), droppedValues: 0 };
  const offline = (intent: string, confidence: number): Understanding => ({
    intent,
    confidence,
    entities: {},
  });

  it('agreement with the offline reading: at least 0.9', () => {
    expect(
      modelConfidence({ ...base, intent: 'CREATE_BOLETO', offline: offline('CREATE_BOLETO', 0.92) }),
    ).toBe(0.92);
    expect(
      modelConfidence({ ...base, intent: 'CREATE_BOLETO', offline: offline('CREATE_BOLETO', 0.6) }),
    ).toBe(CONFIDENCE.agreement);
  });

  it('the model alone (offline UNKNOWN, a general question, or unsure): 0.8, over Gate 2', () => {
    for (const o of [offline('UNKNOWN', 0), offline('GENERAL_QUESTION', 0.9), offline('LIST_BOLETOS', 0.5)]) {
      expect(modelConfidence({ ...base, intent: 'CREATE_BOLETO', offline: o })).toBe(CONFIDENCE.modelAlone);
    }
  });

  it('a confident offline reading of another action: under Gate 2, so the pipeline asks', () => {
    expect(
      modelConfidence({ ...base, intent: 'CREATE_BOLETO', offline: offline('CANCEL_BOLETO', 0.83) }),
    ).toBe(0.5);
  });

  it('each dropped value costs 0.05; avgLogprobs caps it; result in [0, 0.99]', () => {
    const alone = { ...base, intent: 'CREATE_BOLETO', offline: offline('UNKNOWN', 0) };
    expect(modelConfidence({ ...alone, droppedValues: 2 })).toBe(0.7);
    expect(modelConfidence({ ...alone, avgLogprobs: Math.log(0.6) })).toBe(0.6);
    expect(modelConfidence({ ...alone, droppedValues: 40 })).toBe(0);
    expect(modelConfidence({ ...base, intent: 'X', offline: offline('X', 1) })).toBe(0.99);
  });
});

describe('groundValues: a booking’s outside services', () => {
  const condo = (text: string) => condominioPack.understander.understand(text, ctx);

  it('keeps the services the offline reader heard, and takes its naming over the model’s', () => {
    const text = 'reserva o salão sábado das 18h às 23h, vai ter bufê e um dj';
    expect(groundValues({ suppliers: 'buffet, DJ' }, text, [condo(text)], {}).entities).toEqual({
      suppliers: 'buffet, DJ',
    });
    const renamed = groundValues({ suppliers: 'Buffet e DJ' }, text, [condo(text)], {});
    expect(renamed.entities).toEqual({ suppliers: 'buffet, DJ' });
    expect(renamed.fromOffline).toEqual(['suppliers']);
  });

  it('drops services nobody said', () => {
    const text = 'reserva o salão sábado das 18h às 23h pra 40 pessoas';
    expect(groundValues({ suppliers: 'buffet' }, text, [condo(text)], {}).entities).toEqual({});
  });
});
