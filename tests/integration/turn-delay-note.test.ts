import { IrisError } from '../../src/core/errors';
import { offlineIntentEngine } from '../../src/engine';
import { PRODUCT } from '../../config/product';
import { Harness } from '../support/harness';
import { boletosPerson, financePerson, send } from '../support/conversation';

/**
 * A turn that keeps failing on something transient (a store away) is retried with backoff; once
 * its message has waited `PRODUCT.holdNoticeAfterMs` the person is told, once, that the answer
 * is coming, and then gets the answer. A failure that clears sooner stays silent.
 */
describe('a turn held up by a transient failure', () => {
  const h = new Harness();
  /** Transient failures still to come, by message text. */
  const failuresLeft = new Map<string, number>();
  const calls = new Map<string, number>();
  beforeAll(() => {
    h.container.engine = {
      understand(text, scope, pack) {
        calls.set(text, (calls.get(text) ?? 0) + 1);
        const left = failuresLeft.get(text) ?? 0;
        if (left > 0) {
          failuresLeft.set(text, left - 1);
          throw new IrisError('store_unavailable', 'PostgreSQL is away', { retryable: true });
        }
        return offlineIntentEngine.understand(text, scope, pack);
      },
    };
    h.startPipelines(1);
  });
  afterAll(() => h.close());

  it('tells the person the answer is coming once it has waited, then answers (pt-BR)', async () => {
    // Attempts 0, 0.5, 1.5 and 3.5 s after arrival fail (the last past the 3 s mark), 7.5 s answers.
    expect(PRODUCT.holdNoticeAfterMs).toBe(3_000);
    failuresLeft.set('lista meus boletos', 4);
    const who = await boletosPerson(h);
    const sent = await send(h, who, 'lista meus boletos');
    expect(sent.replies).toEqual([
      'Estou com dificuldades técnicas no momento. Já recebi sua mensagem e respondo assim que possível.',
      'Nenhum boleto encontrado.',
    ]);
    expect(sent.messages[0]!.interim).toBe(true);
    expect(sent.messages[1]!.interim).toBeUndefined();
    expect(calls.get('lista meus boletos')).toBe(5);
  });

  it('says it in the tenant’s language (es-MX)', async () => {
    failuresLeft.set('¿cuánto llevo gastado este mes?', 4);
    const sent = await send(h, await financePerson(h), '¿cuánto llevo gastado este mes?');
    expect(sent.replies[0]).toBe(
      'Tengo problemas técnicos en este momento. Ya recibí tu mensaje y te respondo en cuanto pueda.',
    );
    expect(sent.replies).toHaveLength(2);
    expect(sent.messages[1]!.interim).toBeUndefined();
  });

  it('stays silent about a failure that clears before the mark', async () => {
    failuresLeft.set('meus boletos', 1);
    const who = await boletosPerson(h);
    const sent = await send(h, who, 'meus boletos');
    // The note would have been queued before the answer and sent first (replies go in order).
    expect(sent.replies).toEqual(['Nenhum boleto encontrado.']);
    expect(calls.get('meus boletos')).toBe(2);
  });
});
