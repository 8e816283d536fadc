import { randomBytes } from 'node:crypto';
import { PipelineChild } from '../../bench/children';
import { FakeAsaas, TEST_CPF } from '../support/fake-asaas';
import { Harness } from '../support/harness';
import { TEST_DATABASE_URL, TEST_REDIS_ENV } from '../support/test-env';
import { boletosPerson, deliver, repliesOf, say } from '../support/conversation';

const SECRET_KEY = randomBytes(32).toString('hex');

/**
 * The worst moment for a registered boleto: Asaas has created the charge, and the pipeline
 * process dies before PostgreSQL committed anything. The process is a real pipeline (its own OS
 * process, SIGKILLed); the fake Asaas holds its answer to the call that follows the creation, so
 * the kill lands exactly between the provider's write and Iris' commit. The next process resumes
 * the confirmed action, finds the charge by its reference, and the customer owes one boleto.
 */
describe('a registered boleto when the pipeline dies between Asaas and the commit', () => {
  const h = new Harness({ IRIS_SECRET_KEY: SECRET_KEY });
  const asaas = new FakeAsaas();
  const children: PipelineChild[] = [];
  const spawn = () => {
    const child = new PipelineChild('iris', {
      DATABASE_URL: TEST_DATABASE_URL,
      ...TEST_REDIS_ENV,
      IRIS_PREFIX: h.prefix,
      IRIS_SECRET_KEY: SECRET_KEY,
      LOG_LEVEL: 'silent',
      CHECK_REDIS_POLICY: 'false',
    });
    children.push(child);
    return child;
  };

  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await h.close();
    await asaas.stop();
  });

  it('creates one charge, and the boleto the owner is told about is that charge', async () => {
    await asaas.start();
    const who = await boletosPerson(h);
    const tenant = await h.db.tenant.findUniqueOrThrow({ where: { id: who.tenantId } });
    await h.db.contact.updateMany({
      where: { tenantId: tenant.id, name: 'João Silva' },
      data: { document: TEST_CPF },
    });
    await asaas.connect(h.db, SECRET_KEY, tenant.slug);
    const first = spawn();
    await first.ready;
    expect((await say(h, who, 'cria um boleto de R$ 150 pro João Silva pra dia 10/12/2099'))[0]).toContain(
      'Confirma?',
    );

    const held = asaas.hold((r) => r.method === 'GET' && r.path.endsWith('/identificationField'));
    const sim = await deliver(h, who, 'sim');
    if (sim.status !== 'queued') throw new Error(`"sim" was not queued: ${sim.status}`);
    await held.arrived;
    first.kill('SIGKILL');
    await first.exited;
    expect(asaas.payments.size).toBe(1);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(0);

    const second = spawn();
    await second.ready;
    const replies = await repliesOf(h, who, sim.correlationId, 90_000);
    expect(replies.map((r) => r.text).join('\n')).toContain('Boleto nº 1 criado: R$ 150,00 para João Silva');

    expect(asaas.calls('POST', /\/v3\/payments$/)).toHaveLength(1);
    expect(asaas.payments.size).toBe(1);
    const [charge] = [...asaas.payments.values()];
    const boletos = await h.db.boleto.findMany({ where: { tenantId: tenant.id } });
    expect(boletos).toHaveLength(1);
    expect(boletos[0]).toMatchObject({ provider: 'asaas', providerRef: charge!.id, amountCents: 15000 });
    const action = await h.db.action.findFirstOrThrow({
      where: { tenantId: tenant.id, tool: 'create_boleto' },
    });
    expect(action.status).toBe('COMPLETED');
    expect(charge!.externalReference).toBe(action.nonce);
    expect(asaas.violations).toEqual([]);
  }, 150_000);
});
