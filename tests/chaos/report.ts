import type { ChaosReport } from './chaos-run';

/** The chaos figures as lines of text (printed by `npm run chaos` and by the CI test). */
export function formatChaosReport(r: ChaosReport): string {
  const f = r.faults;
  const cuts = f.cuts
    .map((c) => `${c.what} ${c.forMs / 1000} s at ${(c.atMs / 1000).toFixed(1)} s`)
    .join(', ');
  return [
    `chaos: ${r.conversations} conversations in ${r.seconds.toFixed(1)} s`,
    `  faults: ${f.kills} SIGKILLs of pipeline processes (${f.killedMidTurn} mid-turn), ${f.processesStarted} processes started; cuts: ${cuts || 'none'}; ${f.connectionsReset} connections reset`,
    `  platform: ${r.messages} messages, ${r.deliveries} deliveries (each twice), ${r.duplicatesDropped} duplicates dropped by ingress, ${r.redeliveries} redeliveries after a failed ingress`,
    `  outcomes: ${r.created} boletos confirmed and created, ${r.refused} refused ("não"), ${r.notConfirmed} not completed; ${r.genericErrors} generic-error replies; ${r.noticesToUsers} notices to the tenants' owners (a new boleto's PDF, not answers)`,
    `  latency per message (delivery -> reply): p50 ${r.latencyMs.p50.toFixed(0)} ms, p99 ${r.latencyMs.p99.toFixed(0)} ms, max ${r.latencyMs.max.toFixed(0)} ms`,
    `  until the person saw anything (the answer, or before it the note that it is delayed; ${r.firstResponseMs.notes} notes): p50 ${r.firstResponseMs.p50.toFixed(0)} ms, p99 ${r.firstResponseMs.p99.toFixed(0)} ms, max ${r.firstResponseMs.max.toFixed(0)} ms`,
    `  the ${r.latencyOutsideOutagesMs.messages} messages sent while PostgreSQL and Redis were up: p50 ${r.latencyOutsideOutagesMs.p50.toFixed(0)} ms, p99 ${r.latencyOutsideOutagesMs.p99.toFixed(0)} ms, max ${r.latencyOutsideOutagesMs.max.toFixed(0)} ms (the rest waited for the store to come back)`,
    `    slowest of them (sent at → took): ${r.slowestOutsideOutages.map((x) => `${x.sentAtS.toFixed(1)} s → ${(x.ms / 1000).toFixed(1)} s`).join(', ')}`,
    `  the ${r.duringOutages.messages} messages sent while a store was away: taken by ingress after p50 ${r.duringOutages.acceptedP50Ms.toFixed(0)} ms, p99 ${r.duringOutages.acceptedP99Ms.toFixed(0)} ms (redelivered by the platform until then); anything seen after p99 ${r.duringOutages.firstResponseP99Ms.toFixed(0)} ms`,
    `  ingress refusals: ${r.ingressRefusals.map(([why, n]) => `${n}× ${why}`).join('; ') || 'none'}`,
    `  checks: unanswered ${r.unanswered}, replies sent twice ${r.duplicateReplyIds}, messages answered twice ${r.secondAnswers}, conversations with two boletos ${r.conversationsWithTwoBoletos}, "criado" without a boleto ${r.createdButMissing}, executed without "sim" ${r.executedWithoutSim} (boletos ${r.boletos}, completed actions ${r.completedActions})`,
    ...r.unexpectedReplies.map((u) => `  unexpected answer: ${u.replace(/\n/g, ' ')}`),
    r.violations.length === 0 ? '  every guarantee held' : `  VIOLATIONS: ${r.violations.join('; ')}`,
    `  (pipeline processes' stderr: ${r.stderrPath})`,
  ].join('\n');
}
