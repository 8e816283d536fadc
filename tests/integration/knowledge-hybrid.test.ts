import { Knowledge } from '../../src/app/knowledge';
import { knowledgeCatchUp } from '../../src/app/knowledge-ingestion';
import { KnowledgeStore } from '../../src/stores/knowledge-store';
import { KnowledgeVectors } from '../../src/stores/knowledge-vectors';
import { waitFor } from '../support/conversation';
import { fakeEmbedding } from '../support/fake-gemini-server';
import { withFakeGemini } from '../support/gemini-harness';

/**
 * Hybrid search of the knowledge base (seed 003 §4.2, §4.4) on real PostgreSQL and Redis, with
 * Gemini's embeddings from the fake server (the real SDK speaking `batchEmbedContents`): the
 * ingestion job embeds new passages once, an update re-embeds only what changed, and a question
 * is answered from the keyword and vector rankings fused.
 */

const FAQ = `# Boleto vencido

Um boleto vencido ainda pode ser pago: o banco cobra a multa e os juros que o emissor definiu.

# Compensação

Depois que o cliente paga, o boleto compensa em até três dias úteis.

# Parcelamento

Para parcelar uma venda, gere um boleto para cada parcela, cada um com o seu vencimento.`;

const setup = withFakeGemini();

/** The texts Gemini was asked to embed, with the task each was embedded for. */
function embedded(): Array<{ text: string; taskType: string }> {
  return setup.gemini.requests
    .filter((r) => r.path.endsWith(':batchEmbedContents'))
    .flatMap((r) =>
      ((r.body as { requests?: Array<Record<string, unknown>> } | undefined)?.requests ?? []).map((q) => ({
        text: String((q.content as { parts: Array<{ text: string }> }).parts[0]!.text),
        taskType: String(q.taskType),
      })),
    );
}

async function aiTenant(mode: 'offline' | 'model_first' = 'offline') {
  const made = await setup.h.boletosTenant();
  await setup.h.db.tenant.update({
    where: { id: made.tenant.id },
    data: { aiSettings: { enabled: true, mode, plan: 'basic' } },
  });
  return made;
}

const progress = (tenantId: string) =>
  new KnowledgeVectors(setup.h.db).progress(tenantId, 'gemini:gemini-embedding-001');

/** A tenant that may use AI, with the FAQ added and its three passages embedded by the job. */
async function tenantWithEmbeddedFaq(mode: 'offline' | 'model_first' = 'offline') {
  const made = await aiTenant(mode);
  await setup.h.container.knowledge.add(made.tenant.id, 'pt-BR', {
    title: 'Perguntas frequentes',
    type: 'faq',
    text: FAQ,
  });
  await waitFor('passages embedded', async () =>
    (await progress(made.tenant.id)).embedded === 3 ? true : undefined,
  );
  return made;
}

describe('knowledge base, hybrid search', () => {
  it('embeds new passages once in the ingestion job, and an update re-embeds only what changed', async () => {
    const { tenant } = await aiTenant();
    const kb = setup.h.container.knowledge;
    const added = await kb.add(tenant.id, 'pt-BR', { title: 'Perguntas frequentes', type: 'faq', text: FAQ });
    expect(added.embedding).toBe('queued');
    await waitFor('three passages embedded', async () =>
      (await progress(tenant.id)).embedded === 3 ? true : undefined,
    );
    const passagesEmbedded = () =>
      embedded().filter(
        (e) =>
          e.taskType === 'RETRIEVAL_DOCUMENT' && /^(Boleto vencido|Compensação|Parcelamento)/.test(e.text),
      );
    expect(passagesEmbedded()).toHaveLength(3);

    // The same document again: nothing new to embed, nothing asked of the job.
    const again = await kb.add(tenant.id, 'pt-BR', { title: 'Perguntas frequentes', type: 'faq', text: FAQ });
    expect(again).toMatchObject({ status: 'unchanged', embedding: 'unchanged' });

    const edited = FAQ.replace('em até três dias úteis', 'em até dois dias úteis');
    const update = await kb.add(tenant.id, 'pt-BR', {
      title: 'Perguntas frequentes',
      type: 'faq',
      text: edited,
    });
    expect(update).toMatchObject({ status: 'updated', embedding: 'queued', passages: { added: 1, kept: 2 } });
    await waitFor('the changed passage embedded', async () =>
      passagesEmbedded().some((e) => e.text.includes('dois dias')) &&
      (await progress(tenant.id)).embedded === 3
        ? true
        : undefined,
    );
    expect(passagesEmbedded()).toHaveLength(4); // three, then the one that changed
    const [row] = await setup.h.db.$queryRaw<Array<{ dims: number; model: string }>>`
      SELECT array_length(embedding, 1) AS dims, "embeddingModel" AS model FROM knowledge_chunks
      WHERE "tenantId" = ${tenant.id}::uuid LIMIT 1`;
    expect(row).toEqual({ dims: 768, model: 'gemini:gemini-embedding-001' });
    expect(await kb.list(tenant.id)).toEqual([expect.objectContaining({ passages: 3, embedded: 3 })]);
  });

  it('fuses the vector ranking with the keyword one: a passage close in meaning is found without a shared word', async () => {
    const { tenant } = await tenantWithEmbeddedFaq();
    const kb = setup.h.container.knowledge;
    const target =
      'Parcelamento: Para parcelar uma venda, gere um boleto para cada parcela, cada um com o seu vencimento.';
    // No word of the question is in any passage: keywords alone find nothing.
    const question = 'como divido uma compra em várias vezes?';
    expect(
      await kb.rank(tenant.id, 'pt-BR', question, { vector: { model: 'other:model', vector: [] } }),
    ).toEqual([]);
    // A vector as close to the passage as a real model would make it: found by meaning.
    const [found] = await kb.rank(tenant.id, 'pt-BR', question, {
      vector: { model: 'gemini:gemini-embedding-001', vector: fakeEmbedding(target, 768) },
    });
    expect(found?.text).toBe(target);
  });

  it('answers a general question in the chat with the question embedded as a query', async () => {
    const { chat } = await tenantWithEmbeddedFaq();
    const [reply] = await setup.h.say(chat, 'boleto vencido ainda pode ser pago?');
    expect(reply).toMatch(
      /^Segundo "Perguntas frequentes": Boleto vencido: Um boleto vencido ainda pode ser pago/,
    );
    expect(embedded()).toContainEqual({
      text: 'boleto vencido ainda pode ser pago?',
      taskType: 'RETRIEVAL_QUERY',
    });
  });

  it("with a model, embeds a general question once in its turn: the prompt's passages and the answer share it", async () => {
    const { chat } = await tenantWithEmbeddedFaq('model_first');
    const question = 'e um boleto vencido, ainda pode ser pago?';
    const asked = () => embedded().filter((e) => e.taskType === 'RETRIEVAL_QUERY' && e.text === question);
    const prompts = () => setup.gemini.requests.filter((r) => r.path.endsWith(':generateContent')).length;
    const read = prompts();
    const [reply] = await setup.h.say(chat, question);
    expect(prompts()).toBeGreaterThan(read); // the model read it (and said nothing usable: offline goes on)
    expect(reply).toMatch(/Boleto vencido: Um boleto vencido ainda pode ser pago/);
    expect(asked()).toHaveLength(1);
  });

  it('embeds no question for a tenant with nothing embedded, and does once its passages are', async () => {
    const { tenant, chat } = await aiTenant();
    const queries = () => embedded().filter((e) => e.taskType === 'RETRIEVAL_QUERY');
    const asked = queries().length;
    const [before] = await setup.h.say(chat, 'boleto vencido ainda pode ser pago?');
    expect(before).toBeDefined();
    expect(queries()).toHaveLength(asked); // nothing to compare a vector with: no call, no cost

    await setup.h.container.knowledge.add(tenant.id, 'pt-BR', {
      title: 'Perguntas frequentes',
      type: 'faq',
      text: FAQ,
    });
    await waitFor('passages embedded', async () =>
      (await progress(tenant.id)).embedded === 3 ? true : undefined,
    );
    const [after] = await setup.h.say(chat, 'boleto vencido ainda pode ser pago?');
    expect(after).toMatch(/^Segundo "Perguntas frequentes": Boleto vencido/);
    expect(queries()).toHaveLength(asked + 1);
  });

  it("reads a tenant's vectors once for questions asked at the same moment", async () => {
    const { tenant } = await tenantWithEmbeddedFaq();
    let vectorReads = 0;
    const db = new Proxy(setup.h.db, {
      get(target, key, receiver) {
        if (key !== '$queryRaw') return Reflect.get(target, key, receiver) as unknown;
        return (sql: TemplateStringsArray, ...values: unknown[]) => {
          if (sql.join('?').includes('SELECT id, embedding')) vectorReads++;
          return target.$queryRaw(sql, ...values);
        };
      },
    });
    const vectors = new KnowledgeVectors(db, { inProcess: true });
    const model = 'gemini:gemini-embedding-001';
    const question = fakeEmbedding('como parcelar uma venda em boletos?', 768);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => vectors.nearest(tenant.id, model, question, 1)),
    );
    expect(new Set(answers.map((a) => a[0]?.id)).size).toBe(1);
    expect(vectorReads).toBe(1);
    expect(await vectors.hasAny(tenant.id, model)).toBe(true);
    expect(vectorReads).toBe(1);
    expect(await vectors.hasAny(tenant.id, 'other:model')).toBe(false);
    vectors.forget(tenant.id); // its passages changed: read again
    await vectors.nearest(tenant.id, model, question, 1);
    expect(vectorReads).toBe(3);
  });

  it('ranks the same nearest passages in process and, where installed, with pgvector', async () => {
    const { tenant } = await tenantWithEmbeddedFaq();
    const question = fakeEmbedding('como parcelar uma venda em boletos?', 768);
    const model = 'gemini:gemini-embedding-001';
    const inProcess = await new KnowledgeVectors(setup.h.db, { inProcess: true }).nearest(
      tenant.id,
      model,
      question,
      3,
    );
    expect(inProcess.map((c) => c.text.split(':')[0])).toEqual([
      'Parcelamento',
      'Boleto vencido',
      'Compensação',
    ]);
    const auto = new KnowledgeVectors(setup.h.db);
    if (!(await auto.usesPgvector())) return; // CI's PostgreSQL has no pgvector: the in-process path above is what runs
    const inDatabase = await auto.nearest(tenant.id, model, question, 3);
    expect(inDatabase.map((c) => c.id)).toEqual(inProcess.map((c) => c.id));
    inDatabase.forEach((c, i) => expect(c.similarity).toBeCloseTo(inProcess[i]!.similarity, 5));
  });

  it('embeds passages added with no queue (the seed) in the periodic catch-up, for tenants that may use AI', async () => {
    const { tenant } = await aiTenant();
    const offline = await setup.h.boletosTenant();
    for (const id of [tenant.id, offline.tenant.id])
      await new Knowledge(new KnowledgeStore(setup.h.db)).add(id, 'pt-BR', {
        title: 'FAQ',
        type: 'faq',
        text: FAQ,
      });
    const run = await knowledgeCatchUp(setup.h.container, 60_000).run(new Date());
    expect(run).toMatchObject({ tenants: expect.any(Number) });
    await waitFor('the seeded passages embedded', async () =>
      (await progress(tenant.id)).embedded === 3 ? true : undefined,
    );
    expect((await progress(offline.tenant.id)).embedded).toBe(0); // AI off: keyword search only
  });
});
