import {
  CATEGORIES,
  categoryTypeOf,
  chooseCategory,
  findCategories,
  findCategoryType,
} from '../../src/domains/finance/understanding/es-mx/categories';
import { foldSameLength } from '../../src/nlu/es-mx/fold';
import { tokenize } from '../../src/nlu/es-mx/tokens';
import { financeUnderstander as esMxUnderstander } from '../../src/domains/finance/understanding';

const categoryOf = (text: string): string | undefined => {
  const choice = chooseCategory(findCategories(tokenize(foldSameLength(text))));
  return choice.kind === 'one' ? choice.category : undefined;
};

describe('es-MX categories', () => {
  it.each([
    ['uber', 'transporte'],
    ['didi', 'transporte'],
    ['metro', 'transporte'],
    ['camión', 'transporte'],
    ['oxxo', 'supermercado'],
    ['walmart', 'supermercado'],
    ['soriana', 'supermercado'],
    ['el súper', 'supermercado'],
    ['netflix', 'suscripciones'],
    ['spotify', 'suscripciones'],
    ['luz', 'servicios'],
    ['agua', 'servicios'],
    ['gas', 'servicios'],
    ['internet', 'servicios'],
    ['teléfono', 'servicios'],
    ['renta', 'vivienda'],
    ['colegiatura', 'educacion'],
    ['farmacia', 'salud'],
    ['doctor', 'salud'],
    ['tacos', 'restaurantes'],
    ['restaurante', 'restaurantes'],
    ['comida', 'restaurantes'],
    ['cine', 'entretenimiento'],
    ['gasolina', 'gasolina'],
    ['tenis', 'ropa'],
    ['uber eats', 'restaurantes'],
    ['oxxo gas', 'gasolina'],
    ['otros', 'otros'],
  ])('%s -> %s', (word, category) => {
    expect(categoryOf(`gasté 100 en ${word}`)).toBe(category);
  });

  it('"llenar el tanque" is fuel; a tank alone is not', () => {
    expect(categoryOf('mañana quiero llenar el tanque son como ochocientos pesos')).toBe('gasolina');
    expect(categoryOf('compré un tanque nuevo')).toBeUndefined();
  });

  it.each(['gasté 100', 'compré en mercado libre', '¿la libro?', 'un regalo'])(
    '%s names no category',
    (text) => {
      expect(categoryOf(text)).toBeUndefined();
    },
  );

  it('prefers what was bought over where', () => {
    expect(categoryOf('compré unos tenis en walmart')).toBe('ropa');
    expect(categoryOf('gasté 150 en uber para ir al súper')).toBe('transporte');
  });

  it('reports two different things bought as a conflict', () => {
    expect(chooseCategory(findCategories(tokenize('uber y cine')))).toEqual({
      kind: 'conflict',
      categories: ['transporte', 'entretenimiento'],
    });
  });

  it('types vivienda, servicios, educacion and suscripciones as fixed, the rest as variable', () => {
    const fixed = CATEGORIES.filter((category) => categoryTypeOf(category) === 'fixed');
    expect(fixed).toEqual(['vivienda', 'servicios', 'educacion', 'suscripciones']);
  });

  it('reads a type said without a category', () => {
    expect(findCategoryType('mis gastos fijos')).toBe('fixed');
    expect(findCategoryType('presupuesto para variables')).toBe('variable');
    expect(findCategoryType('gastos')).toBeUndefined();
  });

  it('leaves income without a category unless the user files it under one', () => {
    const ctx = {
      locale: 'es-MX' as const,
      now: new Date('2026-11-22T10:00:00-06:00'),
      timeZone: 'America/Mexico_City',
    };
    expect(esMxUnderstander.understand('vendí ropa usada en 800', ctx).entities).toEqual({
      amount_mxn_cents: 80_000,
      description: 'ropa usada',
      transaction_type: 'income',
    });
    expect(esMxUnderstander.understand('me pagaron 500, categoría otros', ctx).entities).toMatchObject({
      category: 'otros',
      category_type: 'variable',
    });
  });
});
