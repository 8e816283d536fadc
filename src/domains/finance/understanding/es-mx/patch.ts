import type { PatchContext, Understanding } from '../../../../core/understanding';
import { type AmountRole, ROLE_FIELDS, statedRole } from './amount-roles';
import { type Analysis, analyse } from './analysis';
import { categoryTypeOf, chooseCategory, findCategoryType } from './categories';
import { todayIn } from '../../../../nlu/civil-date';
import { findDebtName } from './debt-name';
import { describe } from './description';
import { days, dueDays, months } from './entities';
import { EntityCollector } from '../../../../nlu/es-mx/entity-collector';

const MONEY_ROLES: AmountRole[] = ['amount', 'balance', 'minimum'];
const LEADING_FILLER =
  /^(?:(?:en|de|del|con|para|a|al|el|la|los|las|un|una|unos|unas|mi|mis|pues|es|fue|fueron)\s+)+/i;
const MAX_FREE_TEXT = 60;

/**
 * Reads the answer to a clarification question for the asked fields only. A bare "250" is an
 * amount when an amount was asked; "el 15" is a due day when a due day was asked and a date
 * when a date was; "gasolina" is a category. A day without direction ("el viernes") is read
 * as past, as most questions ask when a spending happened.
 *
 * When the category is asked its type comes with it even if not asked: the type follows from
 * the category, and a draft whose category changed must not keep the old category's type.
 */
export function readPatch(text: string, ctx: PatchContext): Pick<Understanding, 'entities' | 'conflicts'> {
  const analysis = analyse(text);
  const expected = new Set(ctx.expected);
  const today = todayIn(ctx.now, ctx.timeZone);
  const collector = new EntityCollector();
  const asked = (field: string): boolean => expected.has(field);

  const moneyRoles = MONEY_ROLES.filter((role) => asked(ROLE_FIELDS[role]));
  if (moneyRoles.length > 0) collectMoney(collector, analysis, moneyRoles);
  if (asked('date_iso')) collector.offer('date_iso', days(analysis.dates, today, 'past'));
  if (asked('month')) collector.offer('month', months(analysis.dates, today, 'past'));
  if (asked('due_day')) collector.offer('due_day', dueDaysOrBareDay(analysis, moneyRoles.length > 0));
  const choice = chooseCategory(analysis.categories);
  if (asked('category')) {
    if (choice.kind === 'conflict') collector.offer('category', choice.categories);
    if (choice.kind === 'one') {
      collector.offer('category', [choice.category]);
      collector.offer('category_type', [categoryTypeOf(choice.category)]);
    }
  }
  if (asked('category_type') && !collector.has('category_type')) {
    const stated = findCategoryType(analysis.folded);
    collector.offer('category_type', [
      stated ?? (choice.kind === 'one' ? categoryTypeOf(choice.category) : undefined),
    ]);
  }
  if (asked('description')) {
    const categoryWord = choice.kind === 'one' ? choice.mention : undefined;
    collector.offer('description', [describe(analysis, categoryWord, false) ?? freeText(analysis)]);
  }
  if (asked('debt_name')) collector.offer('debt_name', [findDebtName(analysis) ?? freeText(analysis)]);

  const patch: Pick<Understanding, 'entities' | 'conflicts'> = { entities: collector.entities };
  if (collector.conflicts.length > 0) patch.conflicts = collector.conflicts;
  return patch;
}

/**
 * Amounts go to the field their words name ("mínimo 800" -> minimum); unnamed ones go to the
 * only asked money field still open, and are dropped when that is not clear.
 */
function collectMoney(collector: EntityCollector, analysis: Analysis, roles: readonly AmountRole[]): void {
  const byRole = new Map<AmountRole, number[]>();
  const unnamed: number[] = [];
  for (const mention of analysis.money) {
    const role = statedRole(analysis, mention);
    if (role && roles.includes(role)) byRole.set(role, [...(byRole.get(role) ?? []), mention.cents]);
    else unnamed.push(mention.cents);
  }
  const open = roles.filter((role) => !byRole.has(role));
  const [onlyOpen] = open;
  if (open.length === 1 && onlyOpen && unnamed.length > 0) byRole.set(onlyOpen, unnamed);
  for (const [role, values] of byRole) collector.offer(ROLE_FIELDS[role], values);
}

/** "el 15", "los 15", or a bare "15" when no amount was asked at the same time. */
function dueDaysOrBareDay(analysis: Analysis, amountAsked: boolean): number[] {
  const said = dueDays(analysis);
  if (said.length > 0 || amountAsked) return said;
  const [only, ...rest] = analysis.tokens;
  const day = only && rest.length === 0 && /^\d{1,2}$/.test(only.text) ? Number(only.text) : 0;
  return day >= 1 && day <= 31 ? [day] : [];
}

/** The whole answer as free text ("tintorería", "mi compadre" -> "compadre"), when short. */
function freeText(analysis: Analysis): string | undefined {
  const text = analysis.source.replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '').replace(LEADING_FILLER, '');
  return text.length > 0 && text.length <= MAX_FREE_TEXT ? text : undefined;
}
