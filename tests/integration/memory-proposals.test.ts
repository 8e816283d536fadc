import { MemoryStore } from '../../src/stores/memory-store';
import { CONFIRM } from '../support/conversation';
import { withFakeGemini } from '../support/gemini-harness';

/**
 * Memories a model proposes (seed 003 §5.2), with the real SDK against the fake Gemini, on real
 * PostgreSQL and Redis: offered after the reply only to someone who allowed memories and only
 * when nothing else waits for a "sim"; kept with the person's yes (as a model proposal, with its
 * confidence), then used in a proposal and named there.
 */

const setup = withFakeGemini();
const PROPOSAL = { type: 'preference', description: 'prefere vencimento no dia 10', confidence: 0.8 };
const QUESTION = 'Posso guardar esta preferência sua: "prefere vencimento no dia 10"? Responda sim ou não.';

async function modelTenant(consent: boolean | undefined) {
  const made = await setup.h.boletosTenant({ contacts: ['Maria Oliveira'] });
  await setup.h.db.tenant.update({
    where: { id: made.tenant.id },
    data: { aiSettings: { enabled: true, mode: 'model_first', plan: 'basic' } },
  });
  if (consent !== undefined)
    await new MemoryStore(setup.h.db).setConsent(made.tenant.id, made.user.id, consent, new Date());
  return made;
}

const memoriesOf = (tenantId: string, userId: string) =>
  setup.h.db.userMemory.findMany({ where: { tenantId, userId } });

/** The model reads a list request and, beside it, proposes `proposal` as a memory. */
const listingWithProposal = (proposal: object = PROPOSAL) =>
  setup.gemini.enqueue({
    kind: 'function_call',
    calls: [
      { name: 'list_boletos', args: {} },
      { name: 'propose_memory', args: proposal },
    ],
  });

describe('memories a model proposes', () => {
  it('asks after the reply, keeps it with a yes, and a later boleto uses it, named in the proposal', async () => {
    const { tenant, user, chat } = await modelTenant(true);
    listingWithProposal();
    // One turn's replies reach the chat as one message.
    expect(await setup.h.say(chat, 'lista meus boletos, ah e eu sempre uso vencimento no dia 10')).toEqual([
      `Nenhum boleto encontrado.\n${QUESTION}`,
    ]);
    // The function was offered beside the pack's tools.
    const offered = JSON.stringify(setup.gemini.requests.at(-1)!.body!.tools);
    expect(offered).toContain('propose_memory');

    expect(await setup.h.say(chat, 'sim')).toEqual([
      'Guardado: "prefere vencimento no dia 10". Para ver o que eu guardei, pergunte "o que você lembra de mim?".',
    ]);
    const [kept] = await memoriesOf(tenant.id, user.id);
    expect(kept).toMatchObject({ source: 'model_proposal', memoryType: 'preference', confidence: 0.8 });

    setup.gemini.enqueue({
      kind: 'function_call',
      calls: [{ name: 'create_boleto', args: { contact_name: 'Maria Oliveira', amount_cents: 25_000 } }],
    });
    const proposal = await setup.h.say(chat, 'gera um boleto de 250 pra Maria Oliveira');
    expect(proposal).toHaveLength(1);
    expect(proposal[0]).toContain('Usei o que você me pediu para lembrar: "prefere vencimento no dia 10".');
    expect(proposal[0]).toMatch(/com vencimento em 10\/\d\d\/\d{4}\./);
    expect(proposal[0]!.endsWith(CONFIRM)).toBe(true);
  });

  it('a no declines this memory only; consent stays', async () => {
    const { tenant, user, chat } = await modelTenant(true);
    listingWithProposal();
    expect(await setup.h.say(chat, 'lista meus boletos, eu sempre uso vencimento dia 10')).toEqual([
      `Nenhum boleto encontrado.\n${QUESTION}`,
    ]);
    expect(await setup.h.say(chat, 'não')).toEqual(['Tudo bem, não vou guardar isso.']);
    expect(await memoriesOf(tenant.id, user.id)).toHaveLength(0);
    expect((await setup.h.db.user.findUnique({ where: { id: user.id } }))?.memoryConsent).toBe(true);
  });

  it('offers nothing without consent, beside a proposal waiting for its "sim", or with personal data', async () => {
    const never = await modelTenant(undefined);
    listingWithProposal();
    expect(await setup.h.say(never.chat, 'lista meus boletos, eu sempre uso dia 10')).toEqual([
      'Nenhum boleto encontrado.',
    ]);

    const allowed = await modelTenant(true);
    setup.gemini.enqueue({
      kind: 'function_call',
      calls: [
        {
          name: 'create_boleto',
          args: { contact_name: 'Maria Oliveira', amount_cents: 25_000, due_date: '2031-01-10' },
        },
        { name: 'propose_memory', args: PROPOSAL },
      ],
    });
    const proposed = await setup.h.say(
      allowed.chat,
      'gera um boleto de 250 pra Maria Oliveira pra 10/01/2031',
    );
    expect(proposed).toHaveLength(1);
    expect(proposed[0]).not.toContain('Posso guardar');
    expect(proposed[0]!.endsWith(CONFIRM)).toBe(true);
    // The "sim" is the proposal's: the boleto is created and no memory is kept.
    expect((await setup.h.say(allowed.chat, 'sim'))[0]).toMatch(/criado/i);
    expect(await memoriesOf(allowed.tenant.id, allowed.user.id)).toHaveLength(0);

    listingWithProposal({ ...PROPOSAL, description: 'o cpf dele é 529.982.247-25' });
    expect(await setup.h.say(allowed.chat, 'lista meus boletos')).toEqual([expect.any(String)]);
    expect(await memoriesOf(allowed.tenant.id, allowed.user.id)).toHaveLength(0);
  });
});
