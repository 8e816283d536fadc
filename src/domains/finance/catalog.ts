/**
 * Every sentence the finance pack says, in Mexican Spanish: short and neutral (docs/finance.md).
 * Money is filled in as "$1,200.50 MXN" and dates as YYYY-MM-DD by the code that renders; no
 * number is ever written here. Optional parts of a sentence are separate keys (`part_*`).
 */
export const financeCatalog = {
  // Gate 3 value rules
  amount_not_positive: 'El monto debe ser mayor que cero.',
  amount_too_high: 'El monto máximo es {max}.',
  balance_negative: 'El saldo no puede ser negativo.',
  balance_too_high: 'El saldo máximo es {max}.',
  date_invalid: 'La fecha no es válida.',
  date_future: 'No puedo registrar movimientos con fecha futura ({date}).',
  month_invalid: 'El mes no es válido.',
  due_day_invalid: 'El día de pago debe ser del 1 al 31.',
  category_unknown: 'No conozco la categoría "{category}".',
  category_type_invalid: 'El tipo de gasto debe ser fijo o variable.',
  budget_only_variable: 'El presupuesto es un tope para gastos variables; los gastos fijos no llevan tope.',
  debt_name_invalid: 'El nombre de la deuda no es válido.',
  debt_ambiguous: 'Tienes más de una deuda con ese nombre: {names}. ¿Cuál es?',
  debt_not_found: 'No encontré la deuda "{name}". Tus deudas: {names}. ¿Cuál es?',
  debt_not_found_none: 'No encontré la deuda "{name}" y no tienes deudas registradas. ¿Cuál es el nombre?',
  // Two values for one field in one message: ask which
  conflict_amount_mxn_cents: 'Mencionaste más de un monto ({values}). ¿Cuál es el monto?',
  conflict_balance_mxn_cents: 'Mencionaste más de un saldo ({values}). ¿Cuál es el saldo?',
  conflict_minimum_payment_mxn_cents: 'Mencionaste más de un pago mínimo ({values}). ¿Cuál es?',
  conflict_date_iso: 'Mencionaste más de una fecha ({values}). ¿Cuál es la fecha?',
  conflict_month: 'Mencionaste más de un mes ({values}). ¿Cuál mes?',
  conflict_category: 'Mencionaste más de una categoría ({values}). ¿Cuál es la categoría?',
  conflict_category_type: 'Mencionaste fijo y variable. ¿Cuál es el tipo de gasto?',
  conflict_due_day: 'Mencionaste más de un día de pago ({values}). ¿Cuál es?',
  conflict_debt_name: 'Mencionaste más de una deuda ({values}). ¿Cuál es?',
  conflict_description: 'Mencionaste más de una descripción ({values}). ¿Cuál es?',
  // Field names for "Necesito saber: ..."
  field_amount_mxn_cents: 'el monto',
  field_category:
    'la categoría (supermercado, restaurantes, transporte, gasolina, vivienda, servicios, salud, educación, entretenimiento, ropa, suscripciones u otros)',
  field_category_type: 'el tipo de gasto (fijo o variable)',
  field_date_iso: 'la fecha',
  field_month: 'el mes',
  field_description: 'la descripción',
  field_debt_name: 'el nombre de la deuda',
  field_balance_mxn_cents: 'el saldo',
  field_minimum_payment_mxn_cents: 'el pago mínimo',
  field_due_day: 'el día de pago',
  // Display names
  category_supermercado: 'supermercado',
  category_restaurantes: 'restaurantes',
  category_transporte: 'transporte',
  category_gasolina: 'gasolina',
  category_vivienda: 'vivienda',
  category_servicios: 'servicios',
  category_salud: 'salud',
  category_educacion: 'educación',
  category_entretenimiento: 'entretenimiento',
  category_ropa: 'ropa',
  category_suscripciones: 'suscripciones',
  category_otros: 'otros',
  category_none: 'sin categoría',
  type_fixed: 'fijo',
  type_variable: 'variable',
  types_fixed: 'fijos',
  types_variable: 'variables',
  // Sentence parts
  part_description: ', "{description}"',
  part_in_category: ' en {category} ({type})',
  part_category_only: ' en {category}',
  part_balance: 'saldo {amount}',
  part_minimum: 'pago mínimo {amount}',
  part_due_day: 'día de pago {day}',
  movements_one: '1 movimiento',
  movements_many: '{count} movimientos',
  // Proposals: every value that will be written
  propose_expense: 'Registrar gasto de {amount}{category}, fecha {date}{description}.',
  propose_income: 'Registrar ingreso de {amount}{category}, fecha {date}{description}.',
  propose_budget: 'Fijar tu presupuesto mensual de gastos variables en {amount}.',
  propose_debt_new: 'Registrar la deuda "{name}": {fields}.',
  propose_debt_update: 'Actualizar la deuda "{name}": {fields}.',
  propose_bank_balance: 'Guardar tu saldo en banco: {amount}.',
  // Results of writes
  logged_expense: 'Listo. Gasto registrado: {amount}{category}, fecha {date}{description}.',
  logged_income: 'Listo. Ingreso registrado: {amount}{category}, fecha {date}{description}.',
  budget_set: 'Listo. Tu presupuesto mensual de gastos variables es {amount}.',
  debt_saved_new: 'Listo. Deuda "{name}" registrada: {fields}.',
  debt_saved_update: 'Listo. Deuda "{name}" actualizada: {fields}.',
  bank_balance_set: 'Listo. Tu saldo en banco es {amount}.',
  // Budget status lines (after a log, in a summary, in a simulation)
  budget_status: 'Presupuesto variable de {month}: llevas {spent} de {cap}; quedan {left}.',
  budget_status_over: 'Presupuesto variable de {month}: llevas {spent} de {cap}; te pasaste por {over}.',
  // QUERY_DATA
  query_header_month: 'Resumen de {period}:',
  query_header_day: 'Resumen del {period}:',
  query_empty: 'No hay movimientos registrados en {period}.',
  query_expenses: 'Gastos: {amount} ({movements}).',
  query_expenses_split: 'Gastos: {amount} ({movements}): fijos {fixed}, variables {variable}.',
  query_income: 'Ingresos: {amount} ({movements}).',
  query_by_category: 'Por categoría:',
  query_category_line: '• {category}: {amount}',
  query_filtered_category: 'Gastos en {category} en {period}: {amount} ({movements}).',
  query_filtered_type: 'Gastos {type} en {period}: {amount} ({movements}).',
  query_bank_balance: 'Saldo en banco: {amount}.',
  query_debts: 'Deudas: {amount} en total ({names}).',
  // SIMULATE_PURCHASE
  sim_header: 'Simulación: compra de {amount}{category}, fecha {date}{description}.',
  sim_bank_after: 'Saldo en banco: {before}; después de la compra: {after}.',
  sim_bank_stated: 'Saldo en banco (el que me diste, no lo guardé): {before}; después de la compra: {after}.',
  sim_budget_after:
    'Presupuesto variable de {month}: llevas {spent} de {cap}; con la compra, {after} (quedan {left}).',
  sim_budget_over:
    'Presupuesto variable de {month}: llevas {spent} de {cap}; con la compra, {after} (te pasas por {over}).',
  sim_budget_none: 'No tienes presupuesto de gastos variables.',
  sim_fixed: 'Es un gasto fijo: no cuenta en tu presupuesto variable.',
  sim_verdict_ok: 'Te alcanza con tu saldo en banco.',
  sim_verdict_over_budget: 'Te alcanza con tu saldo en banco, pero rebasas tu presupuesto variable.',
  sim_verdict_short: 'No te alcanza: te faltan {short} en el banco.',
  sim_need_bank_balance:
    'No tengo tu saldo en banco (solo cuento el dinero del banco, no el efectivo). ¿Cuánto tienes en el banco?',
  // GENERAL_QUESTION
  help: 'Soy Iris. Puedo registrar tus gastos e ingresos, decirte cuánto llevas por mes y por categoría, fijar tu presupuesto de gastos variables, guardar tus deudas y tu saldo en banco, y simular si te alcanza una compra. Antes de guardar algo te pido confirmación. Ejemplo: "gasté 250 en uber".',
} as const;

export type FinanceMessageKey = keyof typeof financeCatalog;
