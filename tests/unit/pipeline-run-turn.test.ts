import { STOP, toolFor } from '../../src/pipeline/request';
import { runTurn } from '../../src/pipeline/run-turn';
import { guard } from '../../src/pipeline/stages/guard';
import { Turn } from '../../src/pipeline/turn';
import type { Understanding } from '../../src/core/understanding';
import {
  FakeConversation,
  OWNER,
  fakeDeps,
  paymentsPack,
  rejectedTransitions,
  type ScriptedEngine,
} from '../support/pipeline-fakes';

const PAY_ANA: Understanding = {
  intent: 'PAY',
  confidence: 0.95,
  entities: { payee: 'Ana', amount_cents: 15_000 },
};
const PAY_BRUNO: Understanding = {
  intent: 'PAY',
  confidence: 0.95,
  entities: { payee: 'Bruno', amount_cents: 2_000 },
};
const PROPOSAL_ANA = 'Vou pagar R$ 150,00 para Ana.\nConfirma? (Sim/Não)';
const PROPOSAL_BRUNO = 'Vou pagar R$ 20,00 para Bruno.\nConfirma? (Sim/Não)';
const MINUTE = 60_000;

function script(engine: ScriptedEngine) {
  engine.set('pagar 150 para Ana', PAY_ANA);
  engine.set('pagar 20 para Bruno', PAY_BRUNO);
  engine.set('pagar para Ana', { intent: 'PAY', confidence: 0.95, entities: { payee: 'Ana' } });
  engine.set('pagar 0 para Ana', {
    intent: 'PAY',
    confidence: 0.95,
    entities: { payee: 'Ana', amount_cents: 0 },
  });
  engine.set('pagar 150 para Zé', {
    intent: 'PAY',
    confidence: 0.95,
    entities: { payee: 'Zé', amount_cents: 15_000 },
  });
  engine.set('pagar 6,66 para Ana', {
    intent: 'PAY',
    confidence: 0.95,
    entities: { payee: 'Ana', amount_cents: 666 },
  });
  engine.set('mostra', { intent: 'SHOW', confidence: 0.9, entities: {} });
  engine.set('ajuda', { intent: 'HELP', confidence: 0.9, entities: {} });
  engine.set('talvez pagar', { intent: 'PAY', confidence: 0.69, entities: {} });
  engine.set('pagar quase', { intent: 'PAY', confidence: 0.7, entities: {} });
}

function setup(options: { role?: 'owner' | 'operator' | 'viewer' } = {}) {
  const fakes = fakeDeps();
  script(fakes.engine);
  const payments = paymentsPack();
  const conversation = new FakeConversation(fakes.deps, payments.pack, {
    user: { ...OWNER, role: options.role ?? 'owner' },
  });
  return { ...fakes, ...payments, conversation };
}

/** Teaches the conversation's engine one more sentence (a PAY with these entities). */
function engineSay(conversation: FakeConversation, text: string, entities: Record<string, string | number>) {
  (conversation.deps.engine as ScriptedEngine).set(text, { intent: 'PAY', confidence: 0.95, entities });
}

const texts = (out: { replies: Array<{ text: string }> }) => out.replies.map((r) => r.text);
const events = (out: { audit: Array<{ event: string }> }) => out.audit.map((a) => a.event);

describe('runTurn: the gated pipeline with in-memory ports', () => {
  describe('routes: the router decides once, each route runs its own steps', () => {
    it('a new write runs Gate 2, Gate 3 and stops at its proposal; a new read runs through Gate 5', async () => {
      const { conversation } = setup();
      expect((await conversation.send('pagar 150 para Ana')).trail).toEqual([
        'input_normalization',
        'late_message',
        'router',
        'intent_classification',
        'validation_gate',
        'confirmation_gate_propose:stop',
      ]);
      expect((await conversation.send('não')).trail).toEqual([
        'input_normalization',
        'late_message',
        'router',
        'confirmation_gate_answer:stop',
      ]);
      expect((await conversation.send('mostra')).trail).toEqual([
        'input_normalization',
        'late_message',
        'router',
        'intent_classification',
        'validation_gate',
        'confirmation_gate_propose',
        'tool_execution_guard',
        'tool_execution',
        'response_generation',
      ]);
    });

    it('a "sim" rechecks only what can have changed, then passes Gate 5 before it executes', async () => {
      const { conversation, engine } = setup();
      await conversation.send('pagar 150 para Ana');
      const asked = engine.asked.length;
      const done = await conversation.send('sim');
      expect(done.trail).toEqual([
        'input_normalization',
        'late_message',
        'router',
        'confirmation_gate_answer',
        'validation_recheck',
        'tool_execution_guard',
        'tool_execution',
        'response_generation',
      ]);
      expect(engine.asked).toHaveLength(asked); // the answer is a word of the allowlist, not a reading
    });

    it('a reply to a draft patches it and goes on from Gate 3, without classifying again', async () => {
      const { conversation } = setup();
      await conversation.send('pagar para Ana');
      expect((await conversation.send('150')).trail).toEqual([
        'input_normalization',
        'late_message',
        'router',
        'clarify_patch',
        'validation_gate',
        'confirmation_gate_propose:stop',
      ]);
    });

    it('a confident new request while a proposal waits replaces it and runs as a new request', async () => {
      const { conversation, engine } = setup();
      await conversation.send('pagar 150 para Ana');
      const out = await conversation.send('pagar 20 para Bruno');
      expect(texts(out)).toEqual(['A proposta anterior foi cancelada.', PROPOSAL_BRUNO]);
      expect(out.trail).toEqual([
        'input_normalization',
        'late_message',
        'router',
        'confirmation_gate_answer',
        'intent_classification',
        'validation_gate',
        'confirmation_gate_propose:stop',
      ]);
      expect(engine.asked.filter((text) => text === 'pagar 20 para Bruno')).toHaveLength(1);
    });
  });

  describe('Gate 2: intent confidence', () => {
    it('UNKNOWN gets the fallback sentence of seed 003 §1.4', async () => {
      const { conversation } = setup();
      const out = await conversation.send('xpto blah');
      expect(texts(out)).toEqual(['Desculpe, não entendi sua solicitação. Pode reformular?']);
      expect(out.audit).toContainEqual({
        event: 'intent_gate_fail',
        intent: 'UNKNOWN',
        data: { reason: 'unknown', confidence: 0 },
      });
    });

    it('a confidence under 0.7 asks "O que você deseja?"; 0.7 passes', async () => {
      const { conversation } = setup();
      expect(texts(await conversation.send('talvez pagar'))).toEqual(['O que você deseja?']);
      expect(texts(await conversation.send('pagar quase'))).toEqual(['Preciso saber: o favorecido, o valor']);
    });

    it('a conversation-only intent is answered from the pack', async () => {
      const { conversation } = setup();
      expect(texts(await conversation.send('ajuda'))).toEqual(['Posso pagar e mostrar pagamentos.']);
    });
  });

  describe('Gate 3 and clarification in patch mode', () => {
    it('asks only for what is missing, then patches the draft without re-reading the request', async () => {
      const { conversation, engine, writes } = setup();
      const first = await conversation.send('pagar para Ana');
      expect(texts(first)).toEqual(['Preciso saber: o valor']);
      expect(first.state.state).toBe('AWAITING_INPUT');
      expect(first.state.draft).toEqual({
        intent: 'PAY',
        entities: { payee: 'Ana' },
        missing: ['amount_cents'],
      });
      const second = await conversation.send('150');
      expect(texts(second)).toEqual([PROPOSAL_ANA]);
      expect(events(second)).toContain('clarification_patched');
      expect(engine.asked).toEqual(['pagar para Ana']);
      expect(writes).toEqual([]);
    });

    it('a draft waits 10 minutes of inactivity, counted from the last message, not from the first question', async () => {
      const { conversation } = setup();
      expect(texts(await conversation.send('pagar para Ana'))).toEqual(['Preciso saber: o valor']);
      conversation.advance(6 * MINUTE);
      expect(texts(await conversation.send('talvez'))).toEqual(['Preciso saber: o valor']);
      conversation.advance(6 * MINUTE); // 12 minutes after the question, 6 after the last message
      expect(texts(await conversation.send('150'))).toEqual([PROPOSAL_ANA]);
    });

    it('a draft left alone for more than 10 minutes is dropped', async () => {
      const { conversation } = setup();
      await conversation.send('pagar para Ana');
      conversation.advance(10 * MINUTE + 1);
      const out = await conversation.send('150');
      expect(texts(out)).toEqual(['Desculpe, não entendi sua solicitação. Pode reformular?']);
      expect(out.state.draft).toBeUndefined();
    });

    it('a broken rule says why with the seed sentence and asks for the field again', async () => {
      const { conversation } = setup();
      const out = await conversation.send('pagar 0 para Ana');
      expect(texts(out)).toEqual(['O valor precisa ser positivo. Preciso saber: o valor']);
      expect(out.audit).toContainEqual({
        event: 'validation_gate_fail',
        intent: 'PAY',
        data: { status: 'invalid', field: 'amount_cents' },
      });
      expect(texts(await conversation.send('150'))).toEqual([PROPOSAL_ANA]);
    });

    it('an unknown reference is asked back, and "não" drops the draft', async () => {
      const { conversation } = setup();
      expect(texts(await conversation.send('pagar 150 para Zé'))).toEqual(['Não conheço "Zé". Para quem é?']);
      const out = await conversation.send('não');
      expect(texts(out)).toEqual(['Operação cancelada.']);
      expect(out.state).toMatchObject({ state: 'IDLE' });
      expect(out.state.draft).toBeUndefined();
    });
  });

  describe('Gate 4: confirmation', () => {
    it('a write is only proposed: nonce, 300 s pending, ledger PROPOSED, nothing written', async () => {
      const { conversation, ledger, writes } = setup();
      const out = await conversation.send('pagar 150 para Ana');
      const nonce = conversation.pending!.nonce;
      expect(nonce).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(out.replies).toEqual([
        { text: PROPOSAL_ANA, buttons: { nonce, yesLabel: 'Sim', noLabel: 'Não' } },
      ]);
      expect(out.pending).toMatchObject({ op: 'set', ttlSec: 300 });
      expect(conversation.pending).toMatchObject({
        tenantId: 'tenant-1',
        conversationId: 'conv-1',
        userId: 'user-1',
        tool: 'pay',
        params: { payee_id: 'payee-ana', payee: 'Ana', amount_cents: 15_000 },
        proposedAt: '2026-03-02T12:00:00.000Z',
        expiresAt: '2026-03-02T12:05:00.000Z',
      });
      expect(ledger.statuses()).toEqual([{ nonce, status: 'PROPOSED' }]);
      expect(out.state.state).toBe('TOOL_PROPOSED');
      expect(events(out)).toEqual([
        'input_gate_pass',
        'intent_gate_pass',
        'validation_gate_pass',
        'confirmation_pending',
      ]);
      expect(writes).toEqual([]);
    });

    it('"sim" executes once, and a second "sim" finds nothing pending', async () => {
      const { conversation, ledger, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      const nonce = conversation.pending!.nonce;
      const done = await conversation.send('Sim!');
      expect(texts(done)).toEqual(['Pagamento nº 1 feito: R$ 150,00 para Ana.']);
      expect(done.pending).toEqual({ op: 'del' });
      expect(done.state.state).toBe('IDLE');
      expect(events(done)).toEqual([
        'input_gate_pass',
        'confirmation_confirmed',
        'validation_gate_pass',
        'tool_execution_success',
      ]);
      expect(writes).toEqual([{ nonce, payeeId: 'payee-ana', amount_cents: 15_000 }]);
      expect(ledger.statuses()).toEqual([{ nonce, status: 'COMPLETED' }]);
      const again = await conversation.send('sim');
      expect(texts(again)).toEqual(['Não há nenhuma ação aguardando confirmação. O que você deseja?']);
      expect(writes).toHaveLength(1);
    });

    it('"não" cancels: "Operação cancelada.", ledger CANCELLED, nothing written', async () => {
      const { conversation, ledger, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      const nonce = conversation.pending!.nonce;
      const out = await conversation.send('NÃO');
      expect(texts(out)).toEqual(['Operação cancelada.']);
      expect(out.pending).toEqual({ op: 'del' });
      expect(ledger.statuses()).toEqual([{ nonce, status: 'CANCELLED', error: 'rejected' }]);
      expect(writes).toEqual([]);
    });

    it.each(['sim, mas muda o valor', 'acho que sim', 'talvez'])(
      '"%s" re-asks and keeps the proposal',
      async (text) => {
        const { conversation, ledger, writes } = setup();
        await conversation.send('pagar 150 para Ana');
        const nonce = conversation.pending!.nonce;
        const out = await conversation.send(text);
        expect(texts(out)).toEqual(['Confirma? (Sim/Não)']);
        expect(out.pending).toEqual({ op: 'keep' });
        expect(out.state.state).toBe('TOOL_PROPOSED');
        expect(ledger.statuses()).toEqual([{ nonce, status: 'PROPOSED' }]);
        expect(writes).toEqual([]);
      },
    );

    it("the prompt's own button executes; a button with another nonce gets the expiry sentence", async () => {
      const { conversation, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      const nonce = conversation.pending!.nonce;
      const foreign = await conversation.send({
        kind: 'button',
        nonce: '11111111-1111-4111-8111-111111111111',
        answer: 'yes',
      });
      expect(texts(foreign)).toEqual(['A proposta de ação expirou. Deseja que eu refaça?']);
      expect(foreign.pending).toEqual({ op: 'keep' });
      expect(writes).toEqual([]);
      const pressed = await conversation.send({ kind: 'button', nonce, answer: 'yes' });
      expect(texts(pressed)).toEqual(['Pagamento nº 1 feito: R$ 150,00 para Ana.']);
      expect(pressed.audit).toContainEqual({
        event: 'confirmation_confirmed',
        intent: 'PAY',
        data: { nonce, via: 'button' },
      });
      expect(writes).toHaveLength(1);
    });

    it('a retried proposal keeps its first time: a "sim" sent before the retry confirms, once', async () => {
      const { conversation, writes } = setup();
      const first = conversation.input({ kind: 'text', text: 'pagar 150 para Ana', fromAudio: false });
      const proposedAt = conversation.now;
      // The proposal turn runs, its reply goes out, and the process dies before the commit.
      await runTurn(first, conversation.deps);
      conversation.advance(1_000);
      const answeredAt = conversation.now; // the person answers the reply they saw
      conversation.advance(5_000);
      // The same message is handled again by another process, later.
      conversation.apply(await runTurn({ ...first, now: conversation.now }, conversation.deps));
      expect(conversation.pending?.proposedAt).toBe(proposedAt.toISOString());
      const out = await conversation.send('sim', answeredAt);
      expect(texts(out)).toEqual(['Pagamento nº 1 feito: R$ 150,00 para Ana.']);
      expect(events(out)).not.toContain('confirmation_backlog_ignored');
      expect(writes).toHaveLength(1);
    });

    it('a backlog delivered long after it was sent gets one "send it again" and runs nothing', async () => {
      const { conversation, writes } = setup();
      const sentAt = new Date(conversation.now.getTime() - 30 * MINUTE);
      const first = await conversation.send('pagar 150 para Ana', sentAt);
      expect(texts(first)).toEqual([
        'Desculpe a demora: sua mensagem só chegou agora. Pode enviar de novo o que precisa?',
      ]);
      expect(conversation.pending).toBeUndefined();
      // The rest of the same backlog: recorded, no second notice.
      const second = await conversation.send('pagar 20 para Bruno', sentAt);
      expect(texts(second)).toEqual([]);
      expect(events(second)).toContain('late_message');
      // A message sent now is handled as usual.
      expect(texts(await conversation.send('pagar 150 para Ana'))).toEqual([PROPOSAL_ANA]);
      expect(writes).toEqual([]);
    });

    it('a late "sim" confirms nothing', async () => {
      const { conversation, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      conversation.advance(20 * MINUTE);
      await conversation.send('pagar 150 para Ana');
      const out = await conversation.send('sim', new Date(conversation.now.getTime() - 15 * MINUTE));
      expect(events(out)).toContain('late_message');
      expect(writes).toEqual([]);
      expect(conversation.pending).toBeDefined();
    });

    it('a backlog "sim" sent before the proposal is not a confirmation', async () => {
      const { conversation, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      conversation.advance(MINUTE);
      const out = await conversation.send('sim', new Date(conversation.now.getTime() - 2 * MINUTE));
      expect(texts(out)).toEqual(['Confirma? (Sim/Não)']);
      expect(events(out)).toContain('confirmation_backlog_ignored');
      expect(writes).toEqual([]);
    });

    it('a "sim" older than the TTL is not a confirmation either (a button neither)', async () => {
      const { conversation, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      const nonce = conversation.pending!.nonce;
      // The proposal is fresh (its clock was set back), the answer is a 6-minute-old delivery.
      conversation.pending!.proposedAt = new Date(conversation.now.getTime() - 10 * MINUTE).toISOString();
      const old = new Date(conversation.now.getTime() - 6 * MINUTE);
      expect(texts(await conversation.send('sim', old))).toEqual(['Confirma? (Sim/Não)']);
      expect(texts(await conversation.send({ kind: 'button', nonce, answer: 'yes' }, old))).toEqual([
        'Confirma? (Sim/Não)',
      ]);
      expect(writes).toEqual([]);
    });

    it('a new request supersedes the pending proposal: cancelled in the ledger, logged, new proposal', async () => {
      const { conversation, ledger, writes, info } = setup();
      await conversation.send('pagar 150 para Ana');
      const first = conversation.pending!.nonce;
      const out = await conversation.send('pagar 20 para Bruno');
      const second = conversation.pending!.nonce;
      expect(second).not.toBe(first);
      expect(texts(out)).toEqual(['A proposta anterior foi cancelada.', PROPOSAL_BRUNO]);
      expect(ledger.statuses()).toEqual([
        { nonce: first, status: 'CANCELLED', error: 'superseded' },
        { nonce: second, status: 'PROPOSED' },
      ]);
      expect(info).toHaveBeenCalledWith({ nonce: first }, 'previous proposal cancelled by a new request');
      expect(events(out)).toContain('proposal_superseded');
      expect(texts(await conversation.send('sim'))).toEqual(['Pagamento nº 1 feito: R$ 20,00 para Bruno.']);
      expect(writes).toEqual([{ nonce: second, payeeId: 'payee-bruno', amount_cents: 2_000 }]);
    });

    it('a use case that refuses fails the action and explains why', async () => {
      const { conversation, ledger, writes } = setup();
      await conversation.send('pagar 6,66 para Ana');
      const nonce = conversation.pending!.nonce;
      const out = await conversation.send('sim');
      expect(texts(out)).toEqual([
        'Não foi possível completar a ação. Motivo: O valor precisa ser positivo. Deseja tentar novamente?',
      ]);
      expect(ledger.statuses()).toEqual([{ nonce, status: 'FAILED', error: 'amount_not_positive' }]);
      expect(writes).toEqual([]);
    });
  });

  describe('a message retried after its worker died', () => {
    it('after the write: replays the stored result, writes nothing', async () => {
      const { conversation, deps, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      const sim = conversation.input({ kind: 'text', text: 'sim', fromAudio: false });
      const first = await runTurn(sim, deps);
      const retry = await runTurn(sim, deps); // nothing was committed: same state, same pending
      expect(texts(retry)).toEqual(texts(first));
      expect(events(retry)).toContain('tool_execution_replayed');
      expect(writes).toHaveLength(1);
    });

    it('after its proposal went out: proposes again under the same nonce (the button already shown)', async () => {
      const { conversation, deps, ledger } = setup();
      const request = conversation.input({ kind: 'text', text: 'pagar 150 para Ana', fromAudio: false });
      const first = await runTurn(request, deps);
      const retry = await runTurn(request, deps);
      expect(retry.replies).toEqual(first.replies);
      expect(retry.pending).toEqual(first.pending);
      expect(ledger.statuses()).toEqual([{ nonce: first.replies[0]!.buttons!.nonce, status: 'PROPOSED' }]);
      // Another message proposes under another nonce.
      await conversation.send('pagar 150 para Ana');
      expect(conversation.pending!.nonce).not.toBe(first.replies[0]!.buttons!.nonce);
    });

    it('after the use case refused: explains the same failure again, with its values', async () => {
      const { conversation, deps, ledger, writes } = setup();
      engineSay(conversation, 'pagar 7,77 para Ana', { payee: 'Ana', amount_cents: 777 });
      await conversation.send('pagar 7,77 para Ana');
      const nonce = conversation.pending!.nonce;
      const sim = conversation.input({ kind: 'text', text: 'sim', fromAudio: false });
      const failed =
        'Não foi possível completar a ação. Motivo: Não conheço "Ana". Para quem é. Deseja tentar novamente?';
      expect(texts(await runTurn(sim, deps))).toEqual([failed]);
      expect(ledger.statuses()).toEqual([{ nonce, status: 'FAILED', error: 'payee_not_found' }]);
      expect(texts(await runTurn(sim, deps))).toEqual([failed]);
      expect(writes).toEqual([]);
    });
  });

  describe('expiry (5 minutes) and the redo offer', () => {
    it('"sim" after 5 minutes: expiry sentence, ledger CANCELLED; "sim" again re-proposes with a new nonce', async () => {
      const { conversation, ledger, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      const first = conversation.pending!.nonce;
      conversation.advance(5 * MINUTE + 1);
      expect(conversation.pending).toBeUndefined();
      const expired = await conversation.send('sim');
      expect(texts(expired)).toEqual(['A proposta de ação expirou. Deseja que eu refaça?']);
      expect(ledger.statuses()).toEqual([{ nonce: first, status: 'CANCELLED', error: 'expired' }]);
      const redo = await conversation.send('sim');
      const second = conversation.pending!.nonce;
      expect(second).not.toBe(first);
      expect(redo.replies).toEqual([
        { text: PROPOSAL_ANA, buttons: { nonce: second, yesLabel: 'Sim', noLabel: 'Não' } },
      ]);
      expect(writes).toEqual([]);
      expect(texts(await conversation.send('sim'))).toEqual(['Pagamento nº 1 feito: R$ 150,00 para Ana.']);
      expect(writes).toEqual([{ nonce: second, payeeId: 'payee-ana', amount_cents: 15_000 }]);
    });

    it('"não" to the redo offer cancels', async () => {
      const { conversation, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      conversation.advance(6 * MINUTE);
      await conversation.send('sim');
      expect(texts(await conversation.send('não'))).toEqual(['Operação cancelada.']);
      expect(texts(await conversation.send('sim'))).toEqual([
        'Não há nenhuma ação aguardando confirmação. O que você deseja?',
      ]);
      expect(writes).toEqual([]);
    });

    it('the redo offer answers only the next message: after something else, "ok" does not resurrect it', async () => {
      const { conversation, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      conversation.advance(6 * MINUTE);
      expect(texts(await conversation.send('sim'))).toEqual([
        'A proposta de ação expirou. Deseja que eu refaça?',
      ]);
      await conversation.send('pagar 20 para Bruno');
      expect(texts(await conversation.send('sim'))).toEqual(['Pagamento nº 1 feito: R$ 20,00 para Bruno.']);
      // Within the offer's 5 minutes, an "ok" to that result must not propose Ana's payment again.
      const ok = await conversation.send('ok');
      expect(texts(ok)).toEqual(['Não há nenhuma ação aguardando confirmação. O que você deseja?']);
      expect(conversation.pending).toBeUndefined();
      expect(writes).toHaveLength(1);
    });

    it('a pending key that outlived its expiresAt is treated as expired, with the redo offer', async () => {
      const { conversation, ledger, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      const first = conversation.pending!.nonce;
      conversation.advance(5 * MINUTE + 500, { keepPendingKey: true });
      expect(conversation.pending?.nonce).toBe(first);
      const expired = await conversation.send('sim');
      expect(texts(expired)).toEqual(['A proposta de ação expirou. Deseja que eu refaça?']);
      expect(ledger.statuses()).toEqual([{ nonce: first, status: 'CANCELLED', error: 'expired' }]);
      expect(conversation.pending).toBeUndefined();
      const redo = await conversation.send('sim');
      expect(texts(redo)).toEqual([PROPOSAL_ANA]);
      expect(conversation.pending!.nonce).not.toBe(first);
      expect(writes).toEqual([]);
    });
  });

  describe('Gate 5 and roles', () => {
    it('a viewer cannot propose a write', async () => {
      const { conversation, ledger, writes } = setup({ role: 'viewer' });
      const out = await conversation.send('pagar 150 para Ana');
      expect(texts(out)).toEqual(['Seu perfil não tem permissão para essa ação.']);
      expect(out.audit).toContainEqual({
        event: 'tool_execution_blocked',
        intent: 'PAY',
        data: { tool: 'pay', reason: 'not_allowed', role: 'viewer' },
      });
      expect(ledger.statuses()).toEqual([]);
      expect(writes).toEqual([]);
      expect(texts(await conversation.send('mostra'))).toEqual(['Você fez 0 pagamento(s).']);
    });

    it('the guard blocks a write that carries no confirmed nonce, whatever route led there', async () => {
      const { deps, pack } = { ...setup(), pack: paymentsPack().pack };
      const conversation = new FakeConversation(deps, pack);
      const t = new Turn(conversation.input({ kind: 'text', text: 'x', fromAudio: false }), deps);
      t.intent = 'PAY';
      const validated = {
        intent: 'PAY',
        tool: toolFor(pack, 'PAY')!,
        entities: {},
        params: { payee_id: 'payee-ana', payee: 'Ana', amount_cents: 100 },
      };
      expect(guard(t, validated)).toBe(STOP);
      expect(t.replies).toEqual([{ text: 'Ocorreu um erro inesperado. Por favor, tente novamente.' }]);
      expect(t.audit).toEqual([
        {
          event: 'tool_execution_blocked',
          intent: 'PAY',
          data: { tool: 'pay', reasons: ['not_confirmed'] },
        },
      ]);
      expect(guard(t, { ...validated, nonce: 'n' })).toMatchObject({ nonce: 'n', params: validated.params });
      // A tool its intent does not lead to is never run, confirmed or not.
      const show = { ...validated, tool: toolFor(pack, 'SHOW')!, nonce: 'n' };
      expect(guard(t, show)).toBe(STOP);
    });
  });

  describe('what is confirmed is what runs', () => {
    it('executes the proposed values even if a name now resolves to another record', async () => {
      const { conversation, payees, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      payees.set('Ana', 'payee-another-ana');
      expect(texts(await conversation.send('sim'))).toEqual(['Pagamento nº 1 feito: R$ 150,00 para Ana.']);
      expect(writes).toEqual([expect.objectContaining({ payeeId: 'payee-ana' })]);
    });

    it('a record gone while the proposal waited is refused by the tool, inside its transaction', async () => {
      const { conversation, payees, payeeIds, ledger, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      const nonce = conversation.pending!.nonce;
      payees.delete('Ana');
      payeeIds.delete('payee-ana');
      const out = await conversation.send('sim');
      expect(texts(out)).toEqual([
        'Não foi possível completar a ação. Motivo: Não conheço "Ana". Para quem é. Deseja tentar novamente?',
      ]);
      expect(events(out)).toEqual([
        'input_gate_pass',
        'confirmation_confirmed',
        'validation_gate_pass',
        'tool_execution_failed',
      ]);
      expect(ledger.statuses()).toEqual([{ nonce, status: 'FAILED', error: 'payee_not_found' }]);
      expect(writes).toEqual([]);
    });

    it('a rule that depends on the day is checked again at "sim": past midnight, nothing runs', async () => {
      const { conversation, ledger, writes } = setup();
      engineSay(conversation, 'pagar 99,99 para Ana', { payee: 'Ana', amount_cents: 9_999 });
      conversation.now = new Date('2026-03-03T02:58:00Z'); // 23:58 in São Paulo
      await conversation.send('pagar 99,99 para Ana');
      const nonce = conversation.pending!.nonce;
      conversation.advance(3 * MINUTE); // 00:01 the next day, within the TTL
      const out = await conversation.send('sim');
      expect(texts(out)).toEqual([
        'Não foi possível completar a ação. Motivo: O pagamento era para o dia 2026-03-02. Deseja tentar novamente?',
      ]);
      expect(out.audit).toContainEqual({
        event: 'validation_gate_fail',
        intent: 'PAY',
        data: { status: 'invalid', field: 'amount_cents', recheck: true },
      });
      expect(ledger.statuses()).toEqual([{ nonce, status: 'CANCELLED', error: 'rejected' }]);
      expect(writes).toEqual([]);
    });

    it('the same proposal confirmed before midnight runs', async () => {
      const { conversation, writes } = setup();
      engineSay(conversation, 'pagar 99,99 para Ana', { payee: 'Ana', amount_cents: 9_999 });
      conversation.now = new Date('2026-03-03T02:55:00Z');
      await conversation.send('pagar 99,99 para Ana');
      conversation.advance(3 * MINUTE);
      expect(texts(await conversation.send('sim'))).toEqual(['Pagamento nº 1 feito: R$ 99,99 para Ana.']);
      expect(writes).toHaveLength(1);
    });
  });

  describe('state transitions', () => {
    it('no flow above makes an invalid transition', async () => {
      const { conversation, warn } = setup();
      for (const text of [
        'pagar para Ana',
        '150',
        'talvez',
        'pagar 20 para Bruno',
        'sim',
        'pagar 150 para Ana',
        'não',
        'mostra',
        'pagar 150 para Zé',
        'pagar 150 para Ana',
        'sim',
        '',
      ]) {
        await conversation.send(text);
      }
      conversation.advance(0);
      await conversation.send('pagar 150 para Ana');
      conversation.advance(6 * MINUTE);
      await conversation.send('sim');
      await conversation.send('sim');
      await conversation.send('sim');
      expect(rejectedTransitions(warn)).toEqual([]);
    });

    it('a state saved mid-turn is recovered to IDLE, logged, and the turn proceeds', async () => {
      const { conversation, warn } = setup();
      conversation.state = { ...conversation.state, state: 'EXECUTING' };
      const out = await conversation.send('mostra');
      expect(texts(out)).toEqual(['Você fez 0 pagamento(s).']);
      expect(warn).toHaveBeenCalledWith(
        { state: 'EXECUTING' },
        'conversation found in a busy state; reset to IDLE',
      );
      expect(out.state.state).toBe('IDLE');
      expect(rejectedTransitions(warn)).toEqual([]);
    });

    it('an impossible transition is rejected and logged, never thrown', async () => {
      const { conversation, warn, writes } = setup();
      await conversation.send('pagar 150 para Ana');
      // A pending confirmation next to a state that says IDLE (a state lost or corrupt).
      conversation.state = { ...conversation.state, state: 'IDLE' };
      const out = await conversation.send('sim');
      expect(texts(out)).toEqual(['Pagamento nº 1 feito: R$ 150,00 para Ana.']);
      expect(rejectedTransitions(warn)).toEqual([
        { from: 'PROCESSING_INTENT', to: 'EXECUTING', trigger: 'confirmed', accepted: false },
      ]);
      expect(writes).toHaveLength(1);
    });
  });
});
