import { nameKey } from '../contacts';
import type { Entities, Scope, Validation } from '../types';
import { debtsOf, ownerOf } from './figures';
import { checkAmount, checkBalance, checkDueDay, firstFailure, isBlank } from './rules';

const DEBT_FIELDS = ['balance_mxn_cents', 'minimum_payment_mxn_cents', 'due_day'] as const;
const MAX_NAME = 60;

/**
 * MANAGE_DEBT (docs/finance.md): the debt's name plus at least one field to change (balance, minimum
 * payment, due day). When no field was said, all three are asked in one question; any one of
 * them answers it. The name is matched against the person's debts by its key (case and accents
 * folded): the same key, or else the one debt whose name contains the words ("Liverpool" ->
 * "tarjeta Liverpool"). An update of a debt that does not exist is asked back with the debts
 * there are; a new name is a new debt. The prompt says which of the two it will do.
 */
export async function validateDebt(entities: Entities, scope: Scope): Promise<Validation> {
  const missing: string[] = [];
  if (isBlank(entities.debt_name)) missing.push('debt_name');
  if (DEBT_FIELDS.every((field) => isBlank(entities[field]))) missing.push(...DEBT_FIELDS);
  if (missing.length > 0) return { status: 'missing', missing };

  const name = String(entities.debt_name).trim().replace(/\s+/g, ' ');
  const key = nameKey(name);
  if (!key || name.length > MAX_NAME)
    return { status: 'invalid', field: 'debt_name', messageKey: 'debt_name_invalid' };
  const failure = firstFailure(
    checkBalance(entities, 'balance_mxn_cents'),
    checkAmount(entities, 'minimum_payment_mxn_cents'),
    checkDueDay(entities),
  );
  if (failure) return failure;

  const debts = await debtsOf(scope.db, ownerOf(scope));
  const exact = debts.find((d) => d.nameKey === key);
  const containing = debts.filter((d) => ` ${d.nameKey} `.includes(` ${key} `));
  if (!exact && containing.length > 1) {
    return {
      status: 'ambiguous',
      field: 'debt_name',
      messageKey: 'debt_ambiguous',
      params: { names: containing.map((d) => d.name).join(', ') },
    };
  }
  const match = exact ?? containing[0];
  if (!match && entities.debt_action === 'update') {
    return debts.length > 0
      ? {
          status: 'not_found',
          field: 'debt_name',
          messageKey: 'debt_not_found',
          params: { name, names: debts.map((d) => d.name).join(', ') },
        }
      : { status: 'not_found', field: 'debt_name', messageKey: 'debt_not_found_none', params: { name } };
  }
  const params: Record<string, unknown> = {
    debt_name: match ? match.name : name,
    name_key: match ? match.nameKey : key,
    existing: match !== undefined,
  };
  for (const field of DEBT_FIELDS) {
    if (!isBlank(entities[field])) params[field] = Number(entities[field]);
  }
  return { status: 'pass', params };
}
