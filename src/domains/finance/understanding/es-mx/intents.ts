import { matchAll, overlapsAny, type Span } from '../../../../nlu/es-mx/spans';

export const INTENTS = [
  'LOG_TRANSACTION',
  'QUERY_DATA',
  'SET_BUDGET',
  'MANAGE_DEBT',
  'SIMULATE_PURCHASE',
  'SET_BANK_BALANCE',
  'GENERAL_QUESTION',
  'UNKNOWN',
] as const;
export type Intent = (typeof INTENTS)[number];

/**
 * A phrase that is evidence for one intent. `weight` is how sure the phrase alone makes us
 * (0.9: "me alcanza", "cuánto gasté"; 0.65: "presupuesto" without an amount; 0.3: "nómina").
 * `negatable` cues do not count after "no" ("no gasté nada"). `income` marks cues that say money
 * came in.
 */
interface Cue {
  intent: Intent;
  weight: number;
  pattern: RegExp;
  negatable?: boolean;
  income?: boolean;
}

const BANKS =
  'bbva|banorte|santander|banamex|citibanamex|hsbc|scotiabank|nu|azteca|inbursa|spin|hey banco|bancoppel|' +
  'klar|stori|mercado pago|afirme|banregio|bajio';
const ACCOUNT = `(?:el banco|(?:mi|la) cuenta|(?:el |mi )?(?:${BANKS}))`;
/** An amount, hedged or not; "2 mil o 2,500" is still one slot (the values conflict later). */
const AMOUNT = '(?:como |unos |casi |mas o menos )?¤+(?:\\s+[ou]\\s+¤+)?';

const cue = (intent: Intent, weight: number, pattern: string, options: Partial<Cue> = {}): Cue => ({
  intent,
  weight,
  pattern: new RegExp(pattern, 'g'),
  ...options,
});

/** In the patterns, `¤` stands for an amount and `§` for a date or day (see `ClassificationInput`). */
const CUES: Cue[] = [
  // Spending and income.
  cue('LOG_TRANSACTION', 0.9, '\\b(?:me\\s+)?gast(?:e|amos|aste)\\b', { negatable: true }),
  cue('LOG_TRANSACTION', 0.9, '\\b(?:pague|pagamos|pagaste|compre|compramos|me compre)\\b', {
    negatable: true,
  }),
  cue(
    'LOG_TRANSACTION',
    0.85,
    '\\b(?:me\\s+)?cobraron\\b|\\bse me fue(?:ron)?\\b|\\b(?:me\\s+)?costo\\b|\\b(?:me\\s+)?salio\\s+(?:en|de)\\b',
    {
      negatable: true,
    },
  ),
  cue(
    'LOG_TRANSACTION',
    0.9,
    '\\b(?:registra|anota|apunta)(?:r|me)?\\s+(?:(?:un|el|mi|este)\\s+)?(?:gasto|pago|compra)\\b',
  ),
  cue(
    'LOG_TRANSACTION',
    0.6,
    // "le pasé 500 a mi mamá", "le di 300": money the user gave (not "pásale": a transfer).
    '\\b(?:le\\s+)?(?:puse|eche|cargue|invite|deje)\\b|\\ble\\s+(?:pase|di)\\b|\\bgasto de ¤|\\bfueron\\s+' +
      AMOUNT,
    {
      negatable: true,
    },
  ),
  cue(
    'LOG_TRANSACTION',
    0.9,
    // Not money lost: "se me cayeron 200 en la calle".
    '(?<!\\bse\\s)\\b(?:me|nos)\\s+(?:pagaron|depositaron|deposito|transfirieron|cayo|cayeron|llego|llegaron|regalaron)\\b' +
      '|\\b(?:cobre|cobramos|recibi|recibimos|gane|ganamos|vendi|vendimos|ingrese)\\b',
    { negatable: true, income: true },
  ),
  // Filed as income by the user: "registra un ingreso de 9,800", "anótalo como ingreso", "ponlo
  // como entrada", "como ganancia", "como income".
  cue(
    'LOG_TRANSACTION',
    0.8,
    '\\b(?:como|de|un|el|mi|otro)\\s+ingresos?\\b(?!\\s*\\?)|\\bcomo\\s+(?:entrada|ganancia|income)\\b',
    {
      negatable: true,
      income: true,
    },
  ),
  // Earnings of people paid by the day or the job: "ayer saqué 1,350 con el taxi", "hoy hice 1,100
  // de tips", "propinas de ayer: 870", "me dejaron 320 de propina" (not cash taken out of the bank
  // or the ATM, and not the tip on a bill: "fueron 285 con la propina").
  cue(
    'LOG_TRANSACTION',
    0.85,
    '\\b(?:saque|sacamos|hice|hicimos)\\s+(?:(?:como|unos?|nomas|casi|mas de)\\s+)?¤(?![^?]{0,25}\\b(?:cajero|banco|cuenta|ahorros?|tarjeta)\\b)' +
      '|^\\s*(?:mis\\s+|las\\s+|los\\s+)?(?:propinas?|tips)\\b' +
      '|\\b(?:me|nos)\\s+dejaron\\b(?=[^?]*¤)',
    { negatable: true, income: true },
  ),
  // Money given or given back to the user: "mi abuelita me regaló 500", "ya me regresó los 2 mil",
  // "mi suegra nos regaló 2 mil", "registra 4k que me dio mi papá".
  cue(
    'LOG_TRANSACTION',
    0.8,
    // Not when the message says the user spent it ("me dio gripe y gasté 300 en la farmacia").
    // The condition looks back to the start without taking it into the cue's span, so a
    // "¡gracias!" before it (a cue of its own) does not hide it. That look back reads the whole
    // line, so the cheap look ahead for "me"/"nos" goes first: without it the look back ran at
    // every position and took two thirds of the locale's reading time on long messages.
    '(?=\\b(?:que\\s+)?(?:me|nos)\\s)(?<=^(?!.*\\b(?:gaste|gastamos|pague|pagamos|compre|compramos)\\b).*?)(?:' +
      '\\b(?:me|nos)\\s+(?:regalo|regresaron|regreso|devolvio|devolvieron|dio|dieron|pasaron|pago|mando|mandaron)\\b(?=[^?]*¤)' +
      '|(?<=¤[^?]{0,40})\\b(?:que\\s+)?(?:me|nos)\\s+(?:regalo|regalaron|dio|dieron|mando|mandaron)\\b)' +
      '|^\\s*(?:un\\s+|el\\s+)?ingresos?\\b|\\bventa\\b[^?]{0,30}\\bsaque\\b',
    { negatable: true, income: true },
  ),
  cue('LOG_TRANSACTION', 0.3, '\\b(?:nomina|quincena|sueldo|aguinaldo|salario)\\b', { income: true }),
  // A pay word and its amount, nothing else: "quincena 9,500", "sueldo: 12 mil".
  cue(
    'LOG_TRANSACTION',
    0.8,
    '^\\s*(?:mi\\s+|la\\s+|el\\s+)?(?:quincena|nomina|sueldo|aguinaldo|salario|pension)\\s*[:=]?\\s*¤',
    {
      income: true,
    },
  ),
  // "ya cayó la quincena", "llegó el aguinaldo": pay arriving, said without "me"; a tanda's
  // turn ("ya me tocó la tanda"); money arriving by its amount ("cayeron 6 mil"), not money
  // lost ("se me cayeron 200").
  cue(
    'LOG_TRANSACTION',
    0.8,
    '\\b(?:cayo|cayeron|llego|llegaron|entro|entraron)\\s+(?:la|el|mi|los)\\s+(?:quincena|nomina|sueldo|aguinaldo|salario|pension|bono|pago|tanda)\\b' +
      '|\\b(?:me|nos)\\s+toco\\s+(?:la|mi)\\s+tanda\\b' +
      '|(?<!\\bse\\s(?:me|nos)\\s)\\b(?:cayo|cayeron|entro|entraron|llego|llegaron)\\s+¤',
    { negatable: true, income: true },
  ),
  // Questions about the data.
  cue(
    'QUERY_DATA',
    0.92,
    '\\bcuanto\\s+(?:(?:me|he|e|hemos|llevo|llevamos|van|va|fue|es|se)\\s+)*' +
      '(?:gaste|gastado|gastamos|gastos?|llevo|queda|quedan|debo|debemos|tengo|falta|pague|pagado|voy|ahorrado|fue|fueron|va|van)\\b' +
      // "¿cuánto me queda de presupuesto?" asks about the budget, it does not set one.
      '(?:\\s+(?:de|del|en|para)\\s+(?:mi\\s+|el\\s+)?(?:presupuesto|tope|limite))?',
  ),
  cue(
    'QUERY_DATA',
    0.9,
    '\\ben (?:que|donde) (?:se me va|se me fue|se va|gaste|gastamos|he gastado|gasto)\\b',
  ),
  cue('QUERY_DATA', 0.85, '\\b(?:resumen|reporte|desglose|estado de cuenta)\\b'),
  cue(
    'QUERY_DATA',
    0.88,
    '\\b(?:muestrame|mostrar|ensename|dime|dame|ver|consulta|consultar|revisar|checar)\\b.{0,25}' +
      '\\b(?:gastos|ingresos|movimientos|presupuestos?|deudas|saldo|compras)\\b',
  ),
  cue('QUERY_DATA', 0.75, '\\bmis (?:gastos|ingresos|movimientos|deudas)\\b'),
  cue(
    'QUERY_DATA',
    0.88,
    '\\bque (?:gastos|pagos|compras|movimientos|deudas) (?:tengo|hice|he hecho|llevo)\\b',
  ),
  cue(
    'QUERY_DATA',
    0.88,
    '\\bcomo voy\\b(?:\\s+(?:con|en)\\s+(?:mi|el|los|mis)\\s+(?:presupuesto|gastos?))?',
  ),
  cue('QUERY_DATA', 0.9, '\\bcual(?:es)? (?:es|son) (?:mi|mis|el) (?:presupuesto|saldo|deudas?|gastos)'),
  cue('QUERY_DATA', 0.6, '\\bcuanto\\b'),
  // Budgets.
  cue(
    'SET_BUDGET',
    0.9,
    '\\b(?:presupuesto|tope|limite)\\b.{0,40}¤|¤.{0,3}\\bde (?:presupuesto|tope|limite)\\b',
  ),
  cue('SET_BUDGET', 0.65, '\\b(?:presupuesto|tope|limite)\\b'),
  cue('SET_BUDGET', 0.9, '\\bno quiero gastar mas de\\b|\\bgastar (?:como )?(?:maximo|max)\\b'),
  // Debts.
  cue('MANAGE_DEBT', 0.95, '\\b(?:tarjeta|deuda|prestamo|credito)\\b.{0,30}\\bsaldo\\b'),
  cue('MANAGE_DEBT', 0.9, '\\btengo (?:un|una) (?:credito|prestamo|deuda)\\b'),
  cue('MANAGE_DEBT', 0.85, '\\b(?:actualiza|cambia)\\b.{0,20}\\b(?:deuda|tarjeta|prestamo|credito)\\b'),
  cue('MANAGE_DEBT', 0.8, '\\bdeudas?\\b|\\badeudo\\b'),
  cue('MANAGE_DEBT', 0.75, '\\b(?:le\\s+)?debo\\b', { negatable: true }),
  cue('MANAGE_DEBT', 0.95, '\\b(?:ahora|ya solo|ya nada mas)\\s+(?:le\\s+)?debo\\b'),
  // "mi préstamo personal de BBVA es de 30 mil"; paying *with* a card is not about the card's debt.
  cue(
    'MANAGE_DEBT',
    0.75,
    '(?<!\\bcon )\\b(?:mi|la|el|un|una)\\s+(?:tarjeta|prestamo|credito)\\b[^¤]{0,30}¤',
  ),
  cue('MANAGE_DEBT', 0.8, '\\btarjeta\\b.{0,25}\\b(?:en|a)\\s+' + AMOUNT),
  cue(
    'MANAGE_DEBT',
    0.75,
    '\\b(?:pago|vence|vencimiento|se paga)\\s+(?:es\\s+)?§|\\bfecha (?:limite )?de pago\\b' +
      // "el pago de la tarjeta Nu es el 10"
      '|\\b(?:pago|vencimiento)\\b[^¤§.,]{0,30}\\bes\\s+§',
  ),
  cue('MANAGE_DEBT', 0.7, '\\b(?:pago )?minimo\\b|\\bmensualidad(?:es)?\\b'),
  cue('MANAGE_DEBT', 0.35, '\\b(?:tarjeta|prestamo|credito)\\b'),
  // Purchases being considered.
  cue(
    'SIMULATE_PURCHASE',
    0.92,
    '\\b(?:me\\s+)?alcanza\\b|\\bme (?:da|ajusta) para\\b|\\bpuedo (?:comprar|gastar|pagar|darme)\\b' +
      '|\\bsi (?:me\\s+)?(?:compro|gasto|pago)\\b|\\bsimula(?:r|cion)?\\b',
    { negatable: true },
  ),
  cue(
    'SIMULATE_PURCHASE',
    0.8,
    '\\b(?:quiero|me quiero|quisiera|pienso|estoy pensando en) comprar(?:me)?\\b',
  ),
  cue('SIMULATE_PURCHASE', 0.6, '\\bla libro\\b|\\bme conviene\\b'),
  cue('SIMULATE_PURCHASE', 0.7, '\\bpuedo (?:ir|salir)\\b'),
  // Bank balance.
  cue('SET_BANK_BALANCE', 0.92, `\\btengo\\s+${AMOUNT}\\s+en\\s+${ACCOUNT}`),
  cue('SET_BANK_BALANCE', 0.9, `\\b${ACCOUNT}\\s+(?:tiene|dice que tengo)\\s+${AMOUNT}`),
  cue('SET_BANK_BALANCE', 0.92, `\\b(?:en|tengo en)\\s+${ACCOUNT}\\s+(?:tengo\\s+)?${AMOUNT}`),
  cue('SET_BANK_BALANCE', 0.9, '\\bsaldo\\b.{0,25}¤|\\b(?:actualiza|cambia|pon)\\s+(?:mi|el)\\s+saldo\\b'),
  cue('SET_BANK_BALANCE', 0.85, `\\bme quedan\\s+${AMOUNT}\\s+en\\b|\\bbanco\\b.{0,25}\\btengo\\s+${AMOUNT}`),
  cue('SET_BANK_BALANCE', 0.55, '\\bsaldo\\b'),
  // Talking about the assistant itself.
  cue(
    'GENERAL_QUESTION',
    0.9,
    '^(?:hola|ola|buen(?:os|as)? (?:dias?|tardes|noches)|buenas|hey|que onda|que tal|saludos|(?:muchas )?gracias)\\b',
  ),
  cue(
    'GENERAL_QUESTION',
    0.9,
    '\\b(?:ayuda|ayudame|ayudarme|me ayudas|puedes ayudar|help|que puedes hacer|que sabes hacer|que haces|como funcionas?|quien eres|' +
      'que eres|menu|instrucciones|comandos|me explicas|explicame)\\b' +
      '|\\bcomo (?:registro|agrego|anoto|uso|le hago|hago|usarte|te uso|se usa)\\b',
  ),
  // A definition keeps the word it asks about: "¿qué es un presupuesto?" sets no budget.
  cue(
    'GENERAL_QUESTION',
    0.9,
    '\\bque (?:es|son|significa) (?:(?:un|una|el|la|los|las)\\s+)?[a-z]+(?:\\s+[a-z]+)?',
  ),
];

/** A balance said while asking about a purchase is its premise, not a competing request. */
const PREMISES: Partial<Record<Intent, Intent[]>> = { SIMULATE_PURCHASE: ['SET_BANK_BALANCE'] };

/** Below this evidence no task intent is claimed: the message is a greeting or UNKNOWN. */
const MIN_EVIDENCE = 0.5;
/** Evidence of a category word next to an amount, with no verb: "taxi 120". */
const TERSE_LOG = 0.8;

export interface Classification {
  intent: Intent;
  confidence: number;
  /** Money came in ("me pagaron", "cobré"), for LOG_TRANSACTION. */
  income: boolean;
}

export interface ClassificationInput {
  /** Folded text with amounts masked as `¤` and dates as `§` (same length as the text). */
  shape: string;
  /** The message names a spending category ("uber", "súper") — with an amount and no verb, a log. */
  hasCategoryWord: boolean;
  hasAmount: boolean;
}

/**
 * Intent and confidence, by evidence.
 *
 * 1. Every cue that matches is collected; where two overlap, the heavier one keeps the words
 *    ("cuánto debo" is a question, so its "debo" is not also a debt statement).
 * 2. Per intent, evidence = 1 − Π(1 − weight) over its cues (noisy-OR: independent hints add up
 *    but never pass 1).
 * 3. A category word next to an amount ("oxxo 85", "le puse 700 de gasolina") is evidence 0.8
 *    for a log, unless another task already has its own evidence (a budget "tope de 800 en
 *    uber" is not also a spending).
 * 4. confidence = top evidence × (1 − runner-up evidence / 2), where the runner-up counts only
 *    if it is a reading in its own right (≥ 0.5). Two intents with strong evidence ("ya le pagué
 *    a mi hermano, ahora le debo 1,000": a payment or a debt update?) land below the 0.7 gate, so
 *    the pipeline asks instead of guessing. A balance stated as the premise of a purchase
 *    question is not a competing request (`PREMISES`).
 * 5. Greetings and help only win when no task reaches 0.5 ("hola, gasté 200" is a log).
 * 6. No task and no greeting: UNKNOWN, whose confidence is the strongest evidence seen (below
 *    0.5): like every confidence here it measures how sure we are of a request we could act on,
 *    and rules never know that a message asks for nothing.
 */
export function classify(input: ClassificationInput): Classification {
  const accepted = acceptedCues(input.shape);
  const evidence = new Map<Intent, number>();
  const add = (intent: Intent, weight: number): void => {
    evidence.set(intent, 1 - (1 - (evidence.get(intent) ?? 0)) * (1 - weight));
  };
  for (const { cue } of accepted) add(cue.intent, cue.weight);
  const otherTask = [...evidence].some(
    ([intent, strength]) =>
      intent !== 'LOG_TRANSACTION' && intent !== 'GENERAL_QUESTION' && strength >= MIN_EVIDENCE,
  );
  if (input.hasCategoryWord && input.hasAmount && !otherTask) add('LOG_TRANSACTION', TERSE_LOG);

  const present = [...evidence].filter(([intent]) => intent !== 'GENERAL_QUESTION');
  const tasks = present
    .filter(([intent]) => !present.some(([other]) => PREMISES[other]?.includes(intent)))
    .sort((a, b) => b[1] - a[1]);
  const [top, ...others] = tasks;
  if (top && top[1] >= MIN_EVIDENCE) {
    const [intent, strength] = top;
    const rival = others.find(([, other]) => other >= MIN_EVIDENCE)?.[1] ?? 0;
    const income =
      intent === 'LOG_TRANSACTION' && accepted.some(({ cue }) => cue.income && cue.weight >= MIN_EVIDENCE);
    return { intent, confidence: round(strength * (1 - rival / 2)), income };
  }
  const general = evidence.get('GENERAL_QUESTION') ?? 0;
  if (general >= MIN_EVIDENCE)
    return { intent: 'GENERAL_QUESTION', confidence: round(general), income: false };
  return { intent: 'UNKNOWN', confidence: round(Math.max(top?.[1] ?? 0, general)), income: false };
}

/**
 * Money came in ("me pagaron", "cobré", "me depositaron"): the direction of a logged movement,
 * read from the words whatever decided the intent.
 */
export function saysIncome(shape: string): boolean {
  return acceptedCues(shape).some(({ cue }) => cue.income === true && cue.weight >= MIN_EVIDENCE);
}

const NEGATED = /(?:^|[^a-z])no\s+$/;

function acceptedCues(shape: string): Array<Span & { cue: Cue }> {
  const matches: Array<Span & { cue: Cue }> = [];
  for (const candidate of CUES) {
    for (const { start, end } of matchAll(candidate.pattern, shape)) {
      if (candidate.negatable && NEGATED.test(shape.slice(Math.max(0, start - 8), start))) continue;
      matches.push({ start, end, cue: candidate });
    }
  }
  matches.sort((a, b) => b.cue.weight - a.cue.weight || b.end - b.start - (a.end - a.start));
  const accepted: Array<Span & { cue: Cue }> = [];
  for (const match of matches) {
    if (!overlapsAny(match, accepted)) accepted.push(match);
  }
  return accepted;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
