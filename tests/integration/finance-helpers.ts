import { isoDateInZone } from '../../src/core/format';
import type { Harness } from '../support/harness';

/** Helpers of the finance conversation tests (not a test file). */

export const MX_ZONE = 'America/Mexico_City';

/** Today in Mexico City, as the pack defaults dates. */
export const todayMx = (): string => isoDateInZone(new Date(), MX_ZONE);
export const monthMx = (): string => todayMx().slice(0, 7);

/** Money as the es-MX replies must show it: "$1,200.50 MXN". */
export const MXN = /-?\$\d{1,3}(?:,\d{3})*\.\d{2} MXN/g;

/** The pt-BR markers that must never reach a finance tenant, and other formats than MXN. */
const NOT_SPANISH = [
  /R\$/,
  /\bvocê\b/i,
  /\bnão\b/i,
  /\bPreciso saber\b/,
  /Confirma\? \(Sim\/Não\)/,
  /\bBoleto\b/,
];

/** Every reply Spanish (no pt-BR sentence), every amount in "$x.xx MXN" and no bare "$" amount. */
export function expectSpanish(replies: readonly string[]): void {
  for (const text of replies) {
    for (const marker of NOT_SPANISH) expect(text).not.toMatch(marker);
    const dollars = text.match(/\$[\d,.]+/g) ?? [];
    const formatted = text.match(MXN) ?? [];
    expect(formatted).toHaveLength(dollars.length);
  }
}

/** Amounts in a reply, in cents, in order of appearance. */
export function amountsIn(text: string): number[] {
  return (text.match(MXN) ?? []).map((m) => Math.round(Number(m.replace(/[$, MXN]/g, '')) * 100));
}

/** The line of a reply that starts with `prefix`. */
export function lineOf(text: string, prefix: string): string {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  if (!line) throw new Error(`no line starting with "${prefix}" in:\n${text}`);
  return line;
}

/**
 * The database's own sums for a user and month, by plain SQL (independent of the pack's
 * queries): what every total in a reply must equal.
 */
export async function dbSums(h: Harness, tenantId: string, userId: string, month: string) {
  const from = `${month}-01`;
  const rows = await h.db.$queryRaw<Array<{ kind: string; category: string | null; cents: bigint }>>`
    SELECT kind::text AS kind, category, SUM("amountCents")::bigint AS cents
    FROM finance_transactions
    WHERE "tenantId" = ${tenantId}::uuid AND "userId" = ${userId}::uuid
      AND "occurredOn" >= ${from}::date AND "occurredOn" < (${from}::date + INTERVAL '1 month')
    GROUP BY kind, category`;
  const sum = (pick: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(pick).reduce((total, r) => total + Number(r.cents), 0);
  return {
    expenses: sum((r) => r.kind === 'expense'),
    income: sum((r) => r.kind === 'income'),
    category: (name: string) => sum((r) => r.kind === 'expense' && r.category === name),
  };
}

/** Sends lines one after the other; returns each line's replies joined by new lines. */
export async function converse(h: Harness, chat: Parameters<Harness['say']>[0], lines: string[]) {
  const out: string[] = [];
  for (const line of lines) out.push((await h.say(chat, line)).join('\n'));
  return out;
}
