import { offlineIntentEngine } from '../../src/engine';
import { Harness } from '../support/harness';
import { boletosPerson, say } from '../support/conversation';

/**
 * A turn that fails on a defect (here, an engine that throws a TypeError on one message) is
 * answered with the generic error on its first attempt, not after eight attempts of backoff,
 * and the next message of the same conversation is handled normally; so is one that PostgreSQL
 * refuses for its data (a CHECK constraint), which every retry would meet again.
 */
describe('a turn that fails on a defect', () => {
  const h = new Harness();
  let defectCalls = 0;
  let refusalCalls = 0;
  beforeAll(() => {
    h.container.engine = {
      understand(text, scope, pack) {
        if (text === 'quebra') {
          defectCalls++;
          throw new TypeError("Cannot read properties of undefined (reading 'x')");
        }
        // A write PostgreSQL refuses by a CHECK constraint: the real error, from the real driver.
        if (text === 'recusa') {
          refusalCalls++;
          return h.db.tenant
            .update({ where: { id: scope.tenant.id }, data: { noticeDigestHour: 99 } })
            .then(() => offlineIntentEngine.understand(text, scope, pack));
        }
        return offlineIntentEngine.understand(text, scope, pack);
      },
    };
    h.startPipelines(1);
  });
  afterAll(() => h.close());

  it('answers the generic error on the first attempt and moves on', async () => {
    const who = await boletosPerson(h);
    expect(await say(h, who, 'quebra')).toEqual(['Ocorreu um erro inesperado. Por favor, tente novamente.']);
    // Answered on the first attempt: the turn was not retried.
    expect(defectCalls).toBe(1);
    expect(await say(h, who, 'lista meus boletos')).toEqual(['Nenhum boleto encontrado.']);
    expect(defectCalls).toBe(1);
  });

  it('a database refusal of the data (a CHECK constraint) is a defect too: answered at once', async () => {
    const who = await boletosPerson(h);
    expect(await say(h, who, 'recusa')).toEqual(['Ocorreu um erro inesperado. Por favor, tente novamente.']);
    expect(refusalCalls).toBe(1);
    expect(await say(h, who, 'lista meus boletos')).toEqual(['Nenhum boleto encontrado.']);
  });
});
