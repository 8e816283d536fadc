import type { OutboundMessage } from '../../src/core/messages';
import type { PrismaClient } from '../../src/stores/prisma/client';
import type { Exchange } from './platform';

/** One person's conversation as the chaos suite drove it. */
export interface ConversationRecord {
  tenantId: string;
  conversationId: string;
  /** True: answers "sim" to the proposal; false: the control group, answers "não". */
  confirms: boolean;
  exchanges: Exchange[];
  /** The answer to the proposal ("sim" or "não"), when it was sent. */
  answer: Exchange | undefined;
  outcome: 'created' | 'refused' | 'no_proposal' | 'answer_failed';
  /** Answers that were not the expected proposal or result ("step -> reply"). */
  unexpected: string[];
}

export interface Verdict {
  messages: number;
  unanswered: number;
  /** Reply ids the platform received more than once. */
  duplicateReplyIds: number;
  /** Text replies beyond the first for one message (a message answered twice). */
  secondAnswers: number;
  boletos: number;
  conversationsWithTwoBoletos: number;
  /** Conversations told "Boleto nº N criado" with no boleto in the database. */
  createdButMissing: number;
  /** Boletos or executed actions in conversations that never said "sim", or claimed by another message. */
  executedWithoutSim: number;
  completedActions: number;
  violations: string[];
}

/**
 * The guarantees, checked against what the platform saw and what PostgreSQL holds: every
 * message answered; no reply twice; no boleto twice; nothing executed without its "sim".
 */
export async function verify(
  db: PrismaClient,
  records: ConversationRecord[],
  replies: OutboundMessage[],
  strays: OutboundMessage[],
): Promise<Verdict> {
  const tenantIds = [...new Set(records.map((r) => r.tenantId))];
  const [actions, boletos] = await Promise.all([
    db.action.findMany({ where: { tenantId: { in: tenantIds } } }),
    db.boleto.findMany({ where: { tenantId: { in: tenantIds } } }),
  ]);
  const byConversation = new Map(records.map((r) => [r.conversationId, r]));
  const actionOf = new Map(actions.map((a) => [a.nonce, a]));

  const boletosOf = new Map<string, number>();
  let executedWithoutSim = 0;
  for (const b of boletos) {
    const action = b.createdByNonce ? actionOf.get(b.createdByNonce) : undefined;
    const record = action ? byConversation.get(action.conversationId) : undefined;
    if (!record) {
      executedWithoutSim++; // a boleto no confirmed action of ours explains
      continue;
    }
    boletosOf.set(record.conversationId, (boletosOf.get(record.conversationId) ?? 0) + 1);
  }
  const executed = actions.filter((a) => a.status === 'COMPLETED' || a.status === 'EXECUTING');
  for (const a of executed) {
    const record = byConversation.get(a.conversationId);
    if (!record || !record.confirms || !record.answer || !claimedByTheAnswer(a, record.answer))
      executedWithoutSim++;
  }

  const ids = replies.filter((r) => r.kind === 'text').map((r) => r.id);
  const exchanges = records.flatMap((r) => r.exchanges);
  const verdict: Verdict = {
    messages: exchanges.length,
    unanswered: exchanges.filter((e) => !e.reply).length,
    duplicateReplyIds: ids.length - new Set(ids).size,
    secondAnswers: strays.filter((r) => r.kind === 'text').length,
    boletos: boletos.length,
    conversationsWithTwoBoletos: [...boletosOf.values()].filter((n) => n > 1).length,
    createdButMissing: records.filter((r) => r.outcome === 'created' && !boletosOf.get(r.conversationId))
      .length,
    executedWithoutSim,
    completedActions: actions.filter((a) => a.status === 'COMPLETED').length,
    violations: [],
  };
  const check = (ok: boolean, what: string) => ok || verdict.violations.push(what);
  check(verdict.unanswered === 0, `${verdict.unanswered} messages got no reply`);
  check(verdict.duplicateReplyIds === 0, `${verdict.duplicateReplyIds} replies were sent twice`);
  check(verdict.secondAnswers === 0, `${verdict.secondAnswers} messages were answered twice`);
  check(
    verdict.conversationsWithTwoBoletos === 0,
    `${verdict.conversationsWithTwoBoletos} conversations have two boletos`,
  );
  check(verdict.createdButMissing === 0, `${verdict.createdButMissing} "criado" replies have no boleto`);
  check(verdict.executedWithoutSim === 0, `${verdict.executedWithoutSim} executions without their "sim"`);
  return verdict;
}

/**
 * The action was claimed by this conversation's "sim": by its message id when ingress told us
 * (a delivery whose answer was lost leaves it unknown), and never before the "sim" was sent.
 */
function claimedByTheAnswer(
  action: { claimedBy: string | null; decidedAt: Date | null },
  answer: Exchange,
): boolean {
  if (answer.correlationId !== undefined) return action.claimedBy === answer.correlationId;
  return action.decidedAt !== null && action.decidedAt.getTime() >= answer.sentAt;
}
