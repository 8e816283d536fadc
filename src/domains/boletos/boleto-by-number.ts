import type { Db, Scope } from '../types';

/** A boleto of the tenant by its number, with its payer; null when the tenant has none. */
export async function findBoleto(db: Db, tenantId: string, number: number) {
  return db.boleto.findUnique({
    where: { tenantId_number: { tenantId, number } },
    include: { contact: true },
  });
}

export type BoletoWithContact = NonNullable<Awaited<ReturnType<typeof findBoleto>>>;

/**
 * The row Gate 3 read to check that a number exists, handed to the read tool that runs right
 * after it in the same turn: reading it again a few milliseconds later cost every status question
 * a second statement (bench, README "Performance"). Keyed by the turn's scope object, so nothing
 * outlives its turn; taken once, so a read that follows a later validation gets that one's row.
 * A write's use case runs in its own scope (its transaction's) and always reads afresh.
 */
const checkedThisTurn = new WeakMap<Scope, Map<number, BoletoWithContact>>();

/** Gate 3's read: always from the database, kept for this turn's read tool. */
export async function checkBoleto(scope: Scope, number: number): Promise<BoletoWithContact | null> {
  const boleto = await findBoleto(scope.db, scope.tenant.id, number);
  if (boleto) {
    const kept = checkedThisTurn.get(scope) ?? new Map<number, BoletoWithContact>();
    kept.set(number, boleto);
    checkedThisTurn.set(scope, kept);
  }
  return boleto;
}

/** The read tool's: the row Gate 3 read in this turn, else from the database. */
export async function boletoToShow(scope: Scope, number: number): Promise<BoletoWithContact | null> {
  const kept = checkedThisTurn.get(scope);
  const boleto = kept?.get(number);
  if (boleto) {
    kept!.delete(number);
    return boleto;
  }
  return findBoleto(scope.db, scope.tenant.id, number);
}
