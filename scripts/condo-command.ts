import {
  describeCondominium,
  setResident,
  upsertInfraction,
  upsertSpace,
  upsertUnit,
} from '../src/app/condominium-setup';
import type { PrismaClient } from '../src/stores/prisma/client';

/**
 * `npm run iris -- condo space|infraction|unit|resident|list --tenant jardim …`: an operator sets up a
 * condominium tenant (docs/condominio.md#setting-up-a-condominium).
 */
export async function condoCommand(
  db: PrismaClient,
  action: string,
  tenant: { id: string; slug: string; pack: string },
  values: Record<string, string | boolean | undefined>,
): Promise<void> {
  if (tenant.pack !== 'condominio')
    throw new Error(`"${tenant.slug}" is a ${tenant.pack} tenant, not a condominium`);
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  switch (action) {
    case 'space': {
      const space = await upsertSpace(db, tenant.id, {
        name: text('name') ?? '',
        opens: text('opens') ?? '',
        closes: text('closes') ?? '',
        capacity: text('capacity') ?? '',
        fee: text('fee'),
        leadHours: text('lead-hours'),
        perMonth: text('per-month'),
        daysAhead: text('days-ahead'),
        freeCancelHours: text('free-cancel-hours'),
        suppliers: values['no-suppliers'] !== true,
        aliases: text('aliases'),
      });
      console.log(`Space "${space.name}" saved in "${tenant.slug}".`);
      return;
    }
    case 'infraction': {
      const infraction = await upsertInfraction(db, tenant.id, {
        name: text('name') ?? '',
        amount: text('amount') ?? '',
        rule: text('rule') ?? '',
        aliases: text('aliases'),
      });
      console.log(`Infraction "${infraction.name}" saved in "${tenant.slug}".`);
      return;
    }
    case 'unit': {
      const unit = await upsertUnit(db, tenant.id, text('label') ?? '');
      console.log(`Unit "${unit.label}" saved in "${tenant.slug}".`);
      return;
    }
    case 'resident': {
      await setResident(db, tenant.id, {
        name: text('name') ?? '',
        unit: text('unit') ?? '',
        role: text('condo-role'),
      });
      console.log(`${text('name')} lives in "${text('unit')}" (${text('condo-role') ?? 'morador'}).`);
      return;
    }
    case 'list':
      for (const line of await describeCondominium(db, tenant.id)) console.log(line);
      return;
    default:
      throw new Error(
        'usage: npm run iris -- condo space|infraction|unit|resident|list --tenant <slug> … (see scripts/iris.ts)',
      );
  }
}
