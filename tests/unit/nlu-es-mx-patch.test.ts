import type { PatchContext } from '../../src/core/understanding';
import { financeUnderstander as esMxUnderstander } from '../../src/domains/finance/understanding';

const patch = (text: string, ...expected: string[]) => {
  const ctx: PatchContext = {
    locale: 'es-MX',
    now: new Date('2026-11-22T10:00:00-06:00'),
    timeZone: 'America/Mexico_City',
    expected,
  };
  return esMxUnderstander.readPatch(text, ctx);
};

describe('es-MX patch reading (answers to a clarification question)', () => {
  it('reads a bare number as the amount that was asked', () => {
    expect(patch('250', 'amount_mxn_cents')).toEqual({ entities: { amount_mxn_cents: 25_000 } });
    expect(patch('son 1,250.50 pesos', 'amount_mxn_cents')).toEqual({
      entities: { amount_mxn_cents: 125_050 },
    });
  });

  it('reads a balance when a balance was asked', () => {
    expect(patch('23,450', 'balance_mxn_cents')).toEqual({ entities: { balance_mxn_cents: 2_345_000 } });
  });

  it('reads a category with its type, with or without a preposition', () => {
    const gasolina = { entities: { category: 'gasolina', category_type: 'variable' } };
    expect(patch('en gasolina', 'category', 'category_type')).toEqual(gasolina);
    expect(patch('gasolina', 'category')).toEqual(gasolina);
    expect(patch('fue en el súper', 'category')).toEqual({
      entities: { category: 'supermercado', category_type: 'variable' },
    });
  });

  it('reads "fijo" / "variable" as the category type', () => {
    expect(patch('fijo', 'category_type')).toEqual({ entities: { category_type: 'fixed' } });
    expect(patch('es variable', 'category_type')).toEqual({ entities: { category_type: 'variable' } });
  });

  it('reads days as the date or as the due day, whichever was asked', () => {
    expect(patch('ayer', 'date_iso')).toEqual({ entities: { date_iso: '2026-11-21' } });
    expect(patch('el 15', 'date_iso')).toEqual({ entities: { date_iso: '2026-11-15' } });
    expect(patch('el 15', 'due_day')).toEqual({ entities: { due_day: 15 } });
    expect(patch('15', 'due_day')).toEqual({ entities: { due_day: 15 } });
    expect(patch('los días 5', 'due_day')).toEqual({ entities: { due_day: 5 } });
  });

  it('never reads a day as an amount', () => {
    expect(patch('el 15', 'amount_mxn_cents')).toEqual({ entities: {} });
  });

  it('returns only the asked fields', () => {
    expect(patch('250 ayer en uber', 'amount_mxn_cents')).toEqual({ entities: { amount_mxn_cents: 25_000 } });
    expect(patch('ayer', 'amount_mxn_cents')).toEqual({ entities: {} });
  });

  it('sends named amounts to their fields and leaves competing ones as a conflict', () => {
    expect(patch('saldo 12 mil, mínimo 800', 'balance_mxn_cents', 'minimum_payment_mxn_cents')).toEqual({
      entities: { balance_mxn_cents: 1_200_000, minimum_payment_mxn_cents: 80_000 },
    });
    expect(patch('250 o 300', 'amount_mxn_cents')).toEqual({
      entities: {},
      conflicts: [{ field: 'amount_mxn_cents', values: [25_000, 30_000] }],
    });
  });

  it('reads free text for a description or a debt name', () => {
    expect(patch('unos tenis', 'description')).toEqual({ entities: { description: 'tenis' } });
    expect(patch('tintorería', 'description')).toEqual({ entities: { description: 'tintorería' } });
    expect(patch('la tarjeta Banamex', 'debt_name')).toEqual({ entities: { debt_name: 'tarjeta Banamex' } });
    expect(patch('con mi compadre', 'debt_name')).toEqual({ entities: { debt_name: 'compadre' } });
  });

  it('reads a month when a month was asked', () => {
    expect(patch('el mes pasado', 'month')).toEqual({ entities: { month: '2026-10' } });
  });
});
