import { isoDateInZone } from '../../src/core/format';
import { Harness } from '../support/harness';
import { MX_ZONE, converse, expectSpanish } from './finance-helpers';

/**
 * Seed 002: "Spanish-by-default responses; short and neutral", GENERAL_QUESTION, and the
 * clarify flow that patches the draft instead of restarting: every value of the first message
 * survives the answers to the questions.
 */
describe('finance: Spanish, short and neutral; clarification patches the draft', () => {
  const h = new Harness();
  beforeAll(() => h.startPipelines(1));
  afterAll(() => h.close());

  it('GENERAL_QUESTION answers with what Iris does, in Spanish; gates speak Spanish too', async () => {
    const { chat } = await h.financeTenant();
    const replies = await converse(h, chat, [
      'hola',
      '¿qué puedes hacer?',
      'asdf qwer',
      '¿presupuesto?',
      'sí',
      '   ',
    ]);
    expect(replies[0]).toMatch(/^Soy Iris\. Puedo registrar tus gastos e ingresos/);
    expect(replies[1]).toBe(replies[0]);
    expect(replies[2]).toBe('Perdón, no entendí tu solicitud. ¿Puedes decirlo de otra forma?');
    expect(replies[3]).toBe('¿Qué quieres hacer?');
    expect(replies[4]).toBe('No hay ninguna acción esperando confirmación. ¿Qué quieres hacer?');
    expect(replies[5]).toBe('No entendí. ¿Puedes repetirlo?');
    expectSpanish(replies);
  });

  it('every reply of a whole session is Spanish, MXN, short and without exclamations', async () => {
    const { chat } = await h.financeTenant();
    const replies = await converse(h, chat, [
      'gasté 250 en uber',
      'sí',
      'me pagaron 15 mil de nómina',
      'no',
      'mi presupuesto de gastos variables es de 8 mil',
      'va',
      '¿me alcanza para unos tenis de 1,800?',
      '23,450',
      'sí',
      'tarjeta Banamex saldo 12 mil, mínimo 800, pago el 15',
      'cancelar',
      '¿cuánto gasté este mes?',
    ]);
    expectSpanish(replies);
    for (const reply of replies) {
      expect(reply).not.toMatch(/[!¡]/);
      // Short: one idea per line, and no line longer than a phone screen's few rows.
      for (const line of reply.split('\n')) expect(line.length).toBeLessThanOrEqual(160);
    }
  });

  it('answers to questions patch the draft: the date, words and amount of the first message stay', async () => {
    const { tenant, chat } = await h.financeTenant();
    const yesterday = isoDateInZone(new Date(Date.now() - 86_400_000), MX_ZONE);
    const [question, proposal] = await converse(h, chat, ['gasté 300 en regalos ayer', 'otros']);
    expect(question).toMatch(/^Necesito saber: la categoría/);
    expect(proposal).toBe(
      `Registrar gasto de $300.00 MXN en otros (variable), fecha ${yesterday}, "regalos".\nResponde: sí / no`,
    );
    // A reply that answers nothing asked is asked again; the draft still waits.
    expect(await h.say(chat, 'no')).toEqual(['Operación cancelada.']);
    const [again, unanswered, patched] = await converse(h, chat, [
      'gasté 300 en regalos ayer',
      'mmm',
      'ropa',
    ]);
    expect(again).toBe(question);
    expect(unanswered).toBe(question);
    expect(patched).toBe(
      `Registrar gasto de $300.00 MXN en ropa (variable), fecha ${yesterday}, "regalos".\nResponde: sí / no`,
    );
    expect(await h.db.financeTransaction.count({ where: { tenantId: tenant.id } })).toBe(0);
  });
});
