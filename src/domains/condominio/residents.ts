import type { Db, Scope } from '../types';

/** The unit a user books for, and their role in the condominium; undefined for someone with no unit. */
export interface Resident {
  unitId: string;
  unitLabel: string;
  role: string;
}

export async function residentOf(
  db: Db,
  scope: Pick<Scope, 'tenant' | 'user'>,
): Promise<Resident | undefined> {
  const row = await db.condoResident.findUnique({
    where: { userId: scope.user.id },
    include: { unit: true },
  });
  if (!row || row.tenantId !== scope.tenant.id || !row.unit) return undefined;
  return { unitId: row.unit.id, unitLabel: row.unit.label, role: row.role };
}
