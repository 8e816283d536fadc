import type { UnderstandingContext } from '../../src/core/understanding';
import { financeUnderstander as esMxUnderstander } from '../../src/domains/finance/understanding';

const ctx: UnderstandingContext = {
  locale: 'es-MX',
  now: new Date('2026-11-22T10:00:00-06:00'), // a Sunday
  timeZone: 'America/Mexico_City',
};
const understand = (text: string) => esMxUnderstander.understand(text, ctx);
const WRITES = ['LOG_TRANSACTION', 'SET_BUDGET', 'MANAGE_DEBT', 'SET_BANK_BALANCE'];
/** A write at or above Gate 2's threshold: what the pipeline would propose. */
const proposesWrite = (text: string) => {
  const result = understand(text);
  return WRITES.includes(result.intent) && result.confidence >= 0.7;
};

describe('es-MX understanding: the examples of the brief', () => {
  it.each([
    [
      'gasté 250 en uber ayer',
      'LOG_TRANSACTION',
      {
        amount_mxn_cents: 25_000,
        date_iso: '2026-11-21',
        category: 'transporte',
        category_type: 'variable',
        description: 'uber',
        transaction_type: 'expense',
      },
    ],
    [
      'me pagaron 15 mil de nómina',
      'LOG_TRANSACTION',
      { amount_mxn_cents: 1_500_000, description: 'nómina', transaction_type: 'income' },
    ],
    [
      'pagué la luz 480',
      'LOG_TRANSACTION',
      {
        amount_mxn_cents: 48_000,
        category: 'servicios',
        category_type: 'fixed',
        description: 'luz',
        transaction_type: 'expense',
      },
    ],
    ['¿cuánto llevo gastado este mes?', 'QUERY_DATA', { month: '2026-11' }],
    [
      '¿cuánto gasté en restaurantes en octubre?',
      'QUERY_DATA',
      { category: 'restaurantes', category_type: 'variable', month: '2026-10' },
    ],
    [
      'mi presupuesto para variables es 8 mil',
      'SET_BUDGET',
      { amount_mxn_cents: 800_000, category_type: 'variable' },
    ],
    ['pon un tope de 5,000 al mes', 'SET_BUDGET', { amount_mxn_cents: 500_000 }],
    [
      'tengo una deuda con la tarjeta Banamex de 12 mil, mínimo 800, pago el 15',
      'MANAGE_DEBT',
      {
        debt_name: 'tarjeta Banamex',
        balance_mxn_cents: 1_200_000,
        minimum_payment_mxn_cents: 80_000,
        due_day: 15,
        debt_action: 'add',
      },
    ],
    [
      '¿me alcanza para unos tenis de 1,800 este viernes?',
      'SIMULATE_PURCHASE',
      {
        amount_mxn_cents: 180_000,
        date_iso: '2026-11-27',
        category: 'ropa',
        category_type: 'variable',
        description: 'tenis',
      },
    ],
    ['tengo 23,450 en el banco', 'SET_BANK_BALANCE', { balance_mxn_cents: 2_345_000 }],
    ['mi saldo es de 10 mil', 'SET_BANK_BALANCE', { balance_mxn_cents: 1_000_000 }],
    ['¿qué puedes hacer?', 'GENERAL_QUESTION', {}],
    ['hola', 'GENERAL_QUESTION', {}],
  ])('%s', (text, intent, entities) => {
    const result = understand(text);
    expect(result.intent).toBe(intent);
    expect(result.entities).toEqual(entities);
    expect(result.conflicts).toBeUndefined();
    expect(result.confidence).toBeGreaterThanOrEqual(0.7);
  });
});

describe('es-MX understanding: values only from the words', () => {
  it('does not default the date', () => {
    expect(understand('gasté 200 en uber').entities.date_iso).toBeUndefined();
  });

  it('reads "el 15" as a day, never as $15', () => {
    expect(understand('gasté en uber el 15').entities).toMatchObject({ date_iso: '2026-11-15' });
    expect(understand('gasté en uber el 15').entities.amount_mxn_cents).toBeUndefined();
    expect(understand('mi tarjeta Nu vence el 5').entities).toEqual({
      debt_name: 'tarjeta Nu',
      due_day: 5,
      debt_action: 'add',
    });
  });

  it('reads a self-correction as the corrected amount', () => {
    const result = understand('gasté 250, no, 300 en uber');
    expect(result.entities.amount_mxn_cents).toBe(30_000);
    expect(result.conflicts).toBeUndefined();
  });

  it('leaves two competing amounts out and reports them', () => {
    const result = understand('gasté 250 o 300 en uber');
    expect(result.entities.amount_mxn_cents).toBeUndefined();
    expect(result.conflicts).toEqual([{ field: 'amount_mxn_cents', values: [25_000, 30_000] }]);
  });

  it.each(['gasté -200 en uber', 'gasté menos 200 en tacos', 'gasté 1e308 en uber', 'gasté $-50 en café'])(
    'never reads a negative or absurd amount as one: %s',
    (text) => {
      expect(understand(text).entities.amount_mxn_cents).toBeUndefined();
    },
  );

  it('reports two purchases in one message as conflicts on amount and category', () => {
    const result = understand('gasté 2 mil en el súper y 300 en uber');
    expect(result.entities).toEqual({ transaction_type: 'expense' });
    expect(result.conflicts).toEqual([
      { field: 'amount_mxn_cents', values: [200_000, 30_000] },
      { field: 'category', values: ['supermercado', 'transporte'] },
    ]);
  });

  it('keeps the bank balance of a purchase question apart from the price', () => {
    const result = understand('tengo 5 mil en el banco, ¿me alcanza para unos tenis de 1,800?');
    expect(result.intent).toBe('SIMULATE_PURCHASE');
    expect(result.entities).toMatchObject({ amount_mxn_cents: 180_000, balance_mxn_cents: 500_000 });
  });

  it.each([
    'vendí 4 pasteles a 350 cada uno 🎂',
    'pagué 3 boletos del cine a 95 c/u',
    'compré media docena de chelas a 28 c/u pal partido',
  ])('asks for the total when only the price of one is said: "%s"', (text) => {
    const result = understand(text);
    expect(result.intent).toBe('LOG_TRANSACTION');
    expect(result.entities.amount_mxn_cents).toBeUndefined();
  });

  it('keeps a price after a model number: "un iPhone 15 de 18,999" costs 18,999', () => {
    expect(understand('si compro un iPhone 15 de 18,999 el viernes me alcanza?').entities).toMatchObject({
      amount_mxn_cents: 1_899_900,
    });
  });

  it('records no balance with a logged spend: what is left in the wallet is not the bank balance', () => {
    const result = understand('cargué 650 de gasolina, traía mil en la cartera y ya nomás me quedan 350');
    expect(result.intent).toBe('LOG_TRANSACTION');
    expect(result.entities.balance_mxn_cents).toBeUndefined();
  });

  it('does not take the cut-off day for the due day', () => {
    expect(understand('debo 11 mil en la tarjeta de BBVA, pago mínimo 700, corte el 3').entities).toEqual({
      debt_name: 'tarjeta de BBVA',
      balance_mxn_cents: 1_100_000,
      minimum_payment_mxn_cents: 70_000,
      debt_action: 'add',
    });
  });

  it('names a debt after a common noun when an article says so', () => {
    expect(understand('mi crédito del coche: debo 85 mil').entities.debt_name).toBe('crédito del coche');
  });

  it('describes items of one category listed together, and a drink of water is not the water bill', () => {
    expect(understand('pagamos 3 mil de luz y agua').entities.description).toBe('luz y agua');
    expect(understand('gaste 85 en un elote y un agua').entities).toMatchObject({
      category: 'restaurantes',
      description: 'elote',
    });
  });

  it('marks a debt update apart from a new debt', () => {
    expect(understand('actualiza la deuda de Coppel a 3,200').entities).toEqual({
      debt_name: 'Coppel',
      balance_mxn_cents: 320_000,
      debt_action: 'update',
    });
  });

  it('reads a debt paid off as a balance of zero, an update', () => {
    expect(understand('ya liquidé la tarjeta Nu').entities).toEqual({
      debt_name: 'tarjeta Nu',
      balance_mxn_cents: 0,
      debt_action: 'update',
    });
    expect(understand('ya no le debo nada a mi hermano').entities).toMatchObject({
      debt_name: 'hermano',
      balance_mxn_cents: 0,
    });
    // A payment is not a payoff: the balance is the person's to say.
    expect(understand('ya pagué la tarjeta Nu').entities.balance_mxn_cents).toBeUndefined();
    // Money handed over is not what is still owed.
    expect(understand('a mi vecino ya no le debo, hoy le di los últimos 300').entities).toMatchObject({
      debt_name: 'vecino',
      balance_mxn_cents: 0,
    });
    expect(understand('le di 500 a mi tía, ahora nomás le debo 1,500').entities).toMatchObject({
      debt_name: 'tía',
      balance_mxn_cents: 150_000,
    });
  });

  it('takes no value from what the writer says they will record later themselves', () => {
    const text =
      'me cayó el aguinaldo el lunes, 15,200 limpios. los 3 mil del intercambio ya los gasté pero eso lo anoto luego';
    expect(understand(text).entities.amount_mxn_cents).toBe(1_520_000);
  });

  it('reads the price a thing came to, not what it cost before nor a balance', () => {
    const text =
      'mañana quiero comprar unos lentes, estaban en 3,200 y con el descuento quedan en 2,560, si los compro me alcanza?';
    const out = understand(text).entities;
    expect(out.amount_mxn_cents).toBe(256_000);
    expect(out.balance_mxn_cents).toBeUndefined();
    expect(
      understand('Unos tenis que costaban 1,800 me salieron en 1,350, anótalo').entities.amount_mxn_cents,
    ).toBe(135_000);
  });

  it('reads a bank balance of zero said with "cero" and a word for money', () => {
    expect(understand('en la cuenta me quedan cero pesos 😭').entities).toEqual({ balance_mxn_cents: 0 });
    expect(understand('mi saldo en bbva es cero pelado güey').entities).toEqual({ balance_mxn_cents: 0 });
  });

  it('names the creditor, not the title or the kinship before the name', () => {
    expect(understand('le debo a don Rigo 900 del material').entities.debt_name).toBe('Rigo');
    expect(understand('debo 3 mil a mi compadre Beto').entities.debt_name).toBe('Beto');
    expect(understand('DEBO 12 MIL EN LA TARJETA DE COPPEL').entities.debt_name).toBe('TARJETA DE COPPEL');
    expect(understand('el mínimo de mi Klar es 600').entities.debt_name).toBe('Klar');
  });

  it('keeps the role of an amount through a self-correction', () => {
    expect(understand('el mínimo de la Santander es 980, perdón 890').entities).toMatchObject({
      minimum_payment_mxn_cents: 89_000,
    });
  });

  it('reads a correction of thousands as thousands, and a denied amount as taken back', () => {
    expect(understand('ponme de presupuesto 20 mil al mes, no, mejor 18').entities.amount_mxn_cents).toBe(
      1_800_000,
    );
    // A number far from what it corrects is kept as said.
    expect(understand('gasté 3 mil en el súper, no, 500').entities.amount_mxn_cents).toBe(50_000);
    expect(understand('no fueron 500, fueron 300 de tacos').entities.amount_mxn_cents).toBe(30_000);
  });

  it('takes the total of a purchase over its unit price, and a due day over the one taken back', () => {
    expect(understand('compré 2 paquetes de pañales a 350 c/u, 700 en total').entities.amount_mxn_cents).toBe(
      70_000,
    );
    // Two prices and no total: the person is asked which.
    expect(understand('tacos 150 y refresco 30').conflicts).toEqual([
      { field: 'amount_mxn_cents', values: [15_000, 3_000] },
    ]);
    expect(understand('mi tarjeta BBVA ahora vence el día 3, ya no el 28').entities.due_day).toBe(3);
    expect(
      understand('el saldo de mi tarjeta Banamex bajó a 6,700 después de pagar 3 mil').entities,
    ).toMatchObject({ balance_mxn_cents: 670_000 });
  });

  it("reads a story's request from its own sentence: the story's amounts, months and categories are not the request's", () => {
    expect(
      understand(
        'El año pasado en diciembre se me fue muchísimo en regalos, como 9 mil pesos. ¿Me dices cuánto llevo gastado este mes en ropa?',
      ).entities,
    ).toMatchObject({ month: '2026-11', category: 'ropa' });
    expect(
      understand(
        'El martes fui a Walmart con mi esposo a surtir la despensa. ¿Qué gastos tengo registrados del martes?',
      ).entities,
    ).toEqual({ date_iso: '2026-11-17' });
    const moto = understand(
      'Mi primo me ofreció su moto en 18 mil. Tengo 14,500 en el banco, ¿me alcanza para darle 9 mil el 1 de diciembre?',
    );
    expect(moto.entities).toMatchObject({ amount_mxn_cents: 900_000, balance_mxn_cents: 1_450_000 });
    expect(moto.conflicts).toBeUndefined();
  });

  it('takes a value the request does not hold from the story around it', () => {
    expect(
      understand('El lunes pasado pagué el mantenimiento del edificio, fueron 1,100. Regístrelo por favor')
        .entities,
    ).toMatchObject({ amount_mxn_cents: 110_000, date_iso: '2026-11-16' });
    expect(understand('Actualízame el préstamo de Coppel, el pago es cada día 15').entities.due_day).toBe(15);
  });

  it('a question with a story amount after it stays a question, never a log', () => {
    const out = understand('¿Cuánto gasté el domingo? creo que fueron 300 pero quiero ver');
    expect(out.intent === 'QUERY_DATA' || out.confidence < 0.7).toBe(true);
  });

  it('a year is not pesos, and "mejor" corrects an amount', () => {
    expect(
      understand('este 2027 sí voy en serio, ponme un límite de 4,000 al mes para comer fuera').entities
        .amount_mxn_cents,
    ).toBe(400_000);
    expect(understand('presupuesto para entretenimiento 1500... mejor 1200').entities.amount_mxn_cents).toBe(
      120_000,
    );
    expect(understand('gasté 2000 en el súper').entities.amount_mxn_cents).toBe(200_000);
  });

  it('reads money given to the user as income', () => {
    expect(understand('mi padrino me regaló 700 de navidad').entities.transaction_type).toBe('income');
    // A thank-you before it (a cue of its own) does not hide the gift.
    expect(
      understand('Gracias! ah y apunta que mi tía me regaló mil quinientos de navidad').entities
        .transaction_type,
    ).toBe('income');
    expect(understand('ya me devolvió mi vecino los 400 que le presté').entities.transaction_type).toBe(
      'income',
    );
  });

  it('reads a debt paid back in full as paid off, not as a spend', () => {
    expect(understand('ya le pagué los 3 mil que le debía a mi cuñada')).toMatchObject({
      intent: 'MANAGE_DEBT',
      entities: { debt_name: 'cuñada', balance_mxn_cents: 0 },
    });
  });

  it('a bill one has to pay is not money one has', () => {
    const result = understand('pasado mañana tengo que pagar la colegiatura de 4,200, ¿puedo?');
    expect(result.entities.amount_mxn_cents).toBe(420_000);
    expect(result.entities.balance_mxn_cents).toBeUndefined();
  });

  it('gas put in the car is fuel; gas alone is the household bill', () => {
    expect(understand('¿puedo echarle 700 de gas al carro el viernes?').entities.category).toBe('gasolina');
    expect(understand('pagué 500 de gas').entities.category).toBe('servicios');
  });

  it('reads a bank balance of zero said in words', () => {
    expect(understand('me quedé en ceros en la cuenta').entities).toEqual({ balance_mxn_cents: 0 });
  });
});

describe('es-MX understanding: typing and speaking styles', () => {
  it.each([
    ['gaste 180 en tacos', 18_000],
    ['GASTE 200 EN UBER', 20_000],
    ['este... gasté como doscientos en gasolina', 20_000],
    ['mmm ayer me gasté como trescientos en uber creo', 30_000],
    ['pague 350 d gas', 35_000],
  ])('%s', (text, cents) => {
    const result = understand(text);
    expect(result.intent).toBe('LOG_TRANSACTION');
    expect(result.entities.amount_mxn_cents).toBe(cents);
  });

  it('tolerates missing accents in questions', () => {
    expect(understand('cuanto gaste el mes pasado')).toMatchObject({
      intent: 'QUERY_DATA',
      entities: { month: '2026-10' },
    });
  });
});

describe('es-MX understanding: confidence', () => {
  const actsOn = (text: string) => {
    const result = understand(text);
    return result.intent !== 'UNKNOWN' && result.confidence >= 0.7;
  };

  it.each(['ya le pagué a mi hermano, ahora le debo 1,000', '¿cuánto es 2 más 2?'])(
    'does not act when the words point two ways or nowhere: %s',
    (text) => {
      expect(proposesWrite(text)).toBe(false);
      expect(actsOn(text) && understand(text).intent !== 'QUERY_DATA').toBe(false);
    },
  );

  it('acts on nothing it cannot place (UNKNOWN, or below the threshold)', () => {
    for (const text of ['jajaja', 'el perro de mi vecino ladra mucho', 'gasolina'])
      expect(actsOn(text)).toBe(false);
    expect(understand('jajaja').entities).toEqual({});
    expect(understand('presupuesto').intent).toBe('SET_BUDGET');
  });

  it.each([
    'no gasté nada hoy',
    'no me alcanza para nada',
    '¿ya registré el gasto de uber?',
    'si compro unos tenis de 1,800, ¿todavía llego a fin de mes?',
    '¿me da para unos tenis de 1,800?',
    // A week told to let off steam, said so: no spend to record.
    'el lunes pagué 900 de luz, el miércoles 450 de gasolina y hoy 300 en el súper, nomás quería desahogarme',
    'ayer gasté 1,500 en el taller, nada más era pa platicarte',
  ])('never proposes a write for a negation, a question or a hypothesis: %s', (text) => {
    expect(proposesWrite(text)).toBe(false);
  });

  it('lets a greeting frame a request instead of competing with it', () => {
    expect(understand('hola, gasté 200 en uber')).toMatchObject({ intent: 'LOG_TRANSACTION' });
    expect(understand('hola, gasté 200 en uber').confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('does not take cash for the bank balance (cash available is the bank balance only)', () => {
    expect(proposesWrite('tengo 5 mil en efectivo')).toBe(false);
  });
});

describe('es-MX understanding: what Iris cannot do', () => {
  it.each([
    'transfiérele 2 mil a mi hermano de lo que le debo',
    'Págueme el recibo de la luz por favor, vence mañana',
    'pásale 5 mil a mi hermano por spei porfa',
    'invierteme 10k en cetes pls',
    'CANCELA MI TARJETA DE LIVERPOOL YA NO LA QUIERO',
    'abreme una cuenta en nu porfa',
  ])('moving money or running an account is never proposed as a record: %s', (text) => {
    expect(proposesWrite(text)).toBe(false);
  });

  it('a transfer received is still an income to record', () => {
    const out = understand('me llegó una transferencia de 5 mil de un cliente, anótala como ingreso');
    expect(out.intent).toBe('LOG_TRANSACTION');
    expect(out.confidence).toBeGreaterThanOrEqual(0.7);
    expect(out.entities).toMatchObject({ amount_mxn_cents: 500_000, transaction_type: 'income' });
  });
});

describe('es-MX understanding: amounts that are not the value asked for', () => {
  it.each([
    ['gasté 350 en uber ayer, fueron 2 viajes de 175', 35_000],
    ['compré despensa en Soriana por 1,230, pagué con un billete de 2 mil', 123_000],
    ['pague 600 de luz de este bimestre, antes me llegaba de 450', 60_000],
    ['ya me cayó el pago de Upwork, 1,200 dlls que al cambio fueron 21,960 pesos', 2_196_000],
    ['ponme un tope de 5 mil al mes para el super, el mes pasado se me fueron como 6,500', 500_000],
    ['le vendí la bici en 1.5k, me dio su cel 33 1845 9920 por si algo', 150_000],
    ['pagué 640 de luz, el número del recibo es 55-2345-6789', 64_000],
    ['me alcanza pa unos tenis que bajaron de 2,300 a 1,899?', 189_900],
  ])('"%s" -> %d', (text, cents) => {
    const out = understand(text);
    expect(out.entities.amount_mxn_cents).toBe(cents);
    expect(out.conflicts ?? []).toEqual([]);
  });

  it('an amount in another currency alone is asked for, never read as pesos', () => {
    expect(understand('gasté 50 dólares en amazon').entities.amount_mxn_cents).toBeUndefined();
  });
});

describe('es-MX understanding: requests taken back, payments and balances in one breath', () => {
  it.each(['anota 200 de tacos al pastor... olvidalo no lo anotes', 'anota 300 de uber, olvídalo'])(
    'a request taken back is not proposed: %s',
    (text) => {
      expect(proposesWrite(text)).toBe(false);
    },
  );

  it('"olvídalo, mejor anota…" still asks for the new record', () => {
    expect(understand('olvídalo, mejor anota 300 de uber').intent).toBe('LOG_TRANSACTION');
  });

  it('a debt someone else claims and the user denies is not recorded', () => {
    expect(proposesWrite('mi compa dice que le debo 2 mil pero no es cierto jaja')).toBe(false);
  });

  it('a cap told as what had been set ("le había puesto…") is not set again; a request after it still is', () => {
    expect(
      proposesWrite('¿sabes si ya me pasé en lo de restaurantes este mes? le había puesto 2 mil de tope'),
    ).toBe(false);
    expect(understand('le había puesto 2 mil de tope pero ponme 3 mil de presupuesto').intent).toBe(
      'SET_BUDGET',
    );
  });

  it('what is still owed after a payment is the balance, and "lo de Elektra" is Elektra', () => {
    const out = understand('ya le abone a lo de Elektra ahorita nomas debo 2 mil 300');
    expect(out.entities).toMatchObject({ debt_name: 'Elektra', balance_mxn_cents: 230_000 });
  });

  it('a bank balance said before the purchase, with no comma, is not the price', () => {
    const out = understand('tengo 9 mil en el banco me alcanza pa un cel de 6500 el sabado?');
    expect(out.entities).toMatchObject({ amount_mxn_cents: 650_000, balance_mxn_cents: 900_000 });
  });

  it('"más o menos 200" is about 200; "menos doscientos" is not an amount', () => {
    expect(understand('gasté más o menos 200 en el súper').entities.amount_mxn_cents).toBe(20_000);
    expect(understand('gasté menos doscientos en el súper').entities.amount_mxn_cents).toBeUndefined();
  });
});

describe('es-MX understanding: pay that arrives, plans and final prices', () => {
  it('"ya cayó la quincena" is an income', () => {
    expect(understand('ya cayó la quincena!! 8,450 🙌').entities).toMatchObject({
      amount_mxn_cents: 845_000,
      transaction_type: 'income',
    });
  });

  it('a plan under a condition is not a budget to set', () => {
    expect(proposesWrite('si me suben el sueldo en enero voy a subir el presupuesto a 20 mil')).toBe(false);
  });

  it('what a price came to in the end is the amount', () => {
    const out = understand(
      'pagué la renta, eran 8,500 pero el casero me hizo descuento y quedó en 7,900. anótalo',
    );
    expect(out.entities.amount_mxn_cents).toBe(790_000);
  });
});

describe('es-MX understanding: questions in a row, corrections over several clauses, lenders', () => {
  it('two questions one after another are one request: the first one’s category counts', () => {
    const out = esMxUnderstander.understand('¿ayer anoté algo del súper? ¿cuánto fue?', {
      ...ctx,
      now: new Date('2026-11-25T15:30:00-06:00'),
    });
    expect(out.entities).toMatchObject({ date_iso: '2026-11-24', category: 'supermercado' });
  });

  it('"el mínimo es 1,500, no, perdón, 1,150" corrects the minimum, not the balance', () => {
    const out = understand(
      'Actualiza mi tarjeta BBVA. Debo 23,400, el mínimo es 1,500, no, perdón, 1,150, y vence el día 3.',
    );
    expect(out.entities).toMatchObject({ balance_mxn_cents: 2_340_000, minimum_payment_mxn_cents: 115_000 });
    expect(understand('el minimo de la Banorte es 1,530, perdon 1,350').entities).toMatchObject({
      minimum_payment_mxn_cents: 135_000,
    });
  });

  it.each([
    'registra un ingreso de 9,800 del proyecto de diseño',
    'hoy saqué 1,380 de viajes en el taxi, anótalo como ingreso',
    'Mi esposo y yo recibimos hoy la pensión, ocho mil quinientos pesos. Anótela por favor.',
  ])('money filed or received as income is an income: %s', (text) => {
    expect(understand(text).entities.transaction_type).toBe('income');
  });

  it('"del 31 de noviembre" is a date (impossible, so Gate 3 says so), never 31 pesos', () => {
    expect(understand('registra 1,200 de la colegiatura del 31 de noviembre').entities).toMatchObject({
      amount_mxn_cents: 120_000,
      date_iso: '2026-11-31',
    });
  });

  it('"el pago min" is the minimum payment', () => {
    expect(understand('la Nu me la cobran el 18 y el pago min es 650').entities).toMatchObject({
      minimum_payment_mxn_cents: 65_000,
    });
  });

  it('"los dos" is both, not two pesos', () => {
    const out = understand('Los boletos salen en 4,500 los dos. ¿Puedo gastar eso sin descuadrarme?');
    expect(out.entities.amount_mxn_cents).toBe(450_000);
    expect(out.conflicts ?? []).toEqual([]);
  });

  it('the lender named before "me prestó" is the debt', () => {
    expect(understand('mi hermano me prestó 3 mil, anótalo como deuda porfa').entities.debt_name).toBe(
      'hermano',
    );
    expect(understand('mi compadre Chuy me prestó 2 mil').entities.debt_name).toBe('Chuy');
  });
});

describe('es-MX: money given to the user is an income, money spent is not', () => {
  it.each([
    ['mi suegra nos regalo 2 mil para los niños 🎁 apuntalo porfa', 'income'],
    ['Registra 4k que me dio mi papá por Reyes', 'income'],
    ['quincena 9,500', 'income'],
    ['me dio gripe y gasté 300 en la farmacia', 'expense'],
    ['gasté 300 que me dio flojera cocinar', 'expense'],
  ])('"%s" -> %s', (text, direction) => {
    expect(understand(text).entities.transaction_type).toBe(direction);
  });
});

describe("es-MX: the user's share of a shared bill, and change received", () => {
  it('"son 2,200 en total y a mí me tocan 1,100" is 1,100', () => {
    expect(
      understand(
        'mi hermana me pone la mitad del boleto del concierto, son 2,200 en total y a mi me tocan 1,100, me alcanza?',
      ).entities.amount_mxn_cents,
    ).toBe(110_000);
  });

  it('change handed back in a purchase is not an income', () => {
    expect(
      understand(
        'compre despensa en soriana, pague con 1000 y me dieron 215 de cambio, o sea fueron 785 apuntalo pls',
      ).entities.transaction_type,
    ).toBe('expense');
  });
});

describe('es-MX: debts paid off with the amounts told, and abbreviated months', () => {
  it.each([
    'YA TERMINE DE PAGARLE A MI SUEGRA LOS 6 MIL QUE LE DEBIA',
    'hoy hice el último pago de la tarjeta Nu, fueron 2,340. Ya no le debo ni un peso',
    'hoy hice el último pago de 3,180 de la tarjeta Nu y ya quedó en ceros',
  ])('a debt paid off has no balance left: %s', (text) => {
    const out = understand(text);
    expect(out.entities.balance_mxn_cents).toBe(0);
    expect(out.entities.minimum_payment_mxn_cents).toBeUndefined();
  });

  it('what is still owed after a payment stays the balance', () => {
    expect(
      understand('le pagué 800 a mi mamá de lo que me prestó, ahorita le debo 1,200').entities
        .balance_mxn_cents,
    ).toBe(120_000);
  });

  it('"el 31 de nov" is an impossible date, not the 31st of next month', () => {
    expect(understand('el 31 de nov me gaste 2k en ropa').entities.date_iso).toBe('2026-11-31');
  });
});

describe('es-MX: periods and days that belong to the story', () => {
  it('"los 3 roomies" counts people; "vence los 28" is a day', () => {
    expect(
      understand('entre los 3 roomies pagamos el internet, a mi me toco 250').entities.date_iso,
    ).toBeUndefined();
    expect(understand('la de Liverpool vence los 28').entities.due_day).toBe(28);
  });

  it('a query asks about the period named last: the month, not the story\'s "ayer"', () => {
    const out = understand(
      'ayer en la comida familiar mi hermano me dijo que gasto demasiado en cafecitos 🤔 cuánto llevo en cafeterías este mes?',
    );
    expect(out.entities.month).toBe('2026-11');
    expect(out.entities.date_iso).toBeUndefined();
    expect(understand('el mes pasado fui mucho al cine, cuanto gaste ayer?').entities).toMatchObject({
      date_iso: '2026-11-21',
    });
  });
});

describe('es-MX: money arriving and money slang', () => {
  it('a tanda paid out and money that "fell" in are income; money dropped is not', () => {
    expect(understand('ya me toco la tanda!! cayeron 6 mil de baro').entities).toMatchObject({
      amount_mxn_cents: 600_000,
      transaction_type: 'income',
    });
    expect(understand('cayeron 3 mil de la venta').entities.transaction_type).toBe('income');
    expect(understand('se me cayeron 200 pesos en la calle').entities.transaction_type).not.toBe('income');
  });

  it('"feria" as money is no category; a fair is one', () => {
    expect(understand('cuanto me queda de feria este mes?').entities.category).toBeUndefined();
    expect(understand('gaste 300 en la feria del pueblo').entities.category).toBe('entretenimiento');
  });
});

describe('es-MX: a resolution for later is not a budget', () => {
  it('"el año que entra a ver si me aguanto con…" sets nothing; the same hope after a request does', () => {
    const wish = understand('el año que entra a ver si por fin me aguanto con 10 mil al mes de presupuesto');
    expect(wish.intent === 'SET_BUDGET' && wish.confidence >= 0.7).toBe(false);
    expect(understand('ponme un presupuesto de 10 mil, a ver si me aguanto')).toMatchObject({
      intent: 'SET_BUDGET',
      entities: { amount_mxn_cents: 1_000_000 },
    });
  });
});

describe('es-MX understanding: people paid by the day, and long polite messages', () => {
  it.each([
    ['ayer saqué 800 con el taxi', 'income'],
    ['hoy hicimos como 2,300 en el puesto', 'income'],
    ['propinas de hoy 640', 'income'],
    ['me dejaron 200 de propina', 'income'],
    ['anota 1,500 como entrada', 'income'],
    // A tip on a bill is not earnings.
    ['gasté 300 en la cena, 350 con la propina', 'expense'],
  ])('"%s" is logged as %s', (text, kind) => {
    const result = understand(text);
    expect(result.intent).toBe('LOG_TRANSACTION');
    expect(result.entities.transaction_type).toBe(kind);
  });

  it('cash taken out of the ATM is not earnings', () => {
    expect(understand('saqué 500 del cajero').entities.transaction_type).not.toBe('income');
  });

  it.each([
    'disculpe la molestia en domingo, ayer gasté 400 en la farmacia',
    'ayer gasté 400 en la farmacia, que tenga bonito domingo',
    'ayer gasté 400 en la farmacia. Feliz domingo!',
  ])('a weekday in a wish is no date: "%s"', (text) => {
    const result = understand(text);
    expect(result.entities.date_iso).toBe('2026-11-21');
    expect(result.entities.conflicts).toBeUndefined();
  });

  it('words of a wish or an idiom are no category', () => {
    expect(understand('cuánto gasté este mes? se me va como agua').entities.category).toBeUndefined();
    expect(understand('la rosca me costó 480, que tenga mucha salud').entities.category).toBeUndefined();
    expect(understand('cuanto gaste de gasolian en octubre').entities.category).toBe('gasolina');
  });

  it.each([
    'si mañana vendo todos los elotes ya la hice pa pagar la luz',
    'mañana si no llueve creo que saco unos 1,500 con las entregas',
    'si el viernes me sale el jale le pongo 500 de gasolina',
  ])('what will happen if a later day goes well records nothing: "%s"', (text) => {
    expect(proposesWrite(text)).toBe(false);
  });

  it.each([
    'si mi roomie se muda voy a tener que bajar el presupuesto a 8 mil',
    'oye si nos suben la renta tendríamos que pedir prestado 5 mil',
  ])('what a condition would force is no request: "%s"', (text) => {
    expect(proposesWrite(text)).toBe(false);
  });

  it('the same words as a request still are one: "voy a tener que bajar el presupuesto, ponlo en 8 mil"', () => {
    expect(proposesWrite('voy a tener que bajar el presupuesto, ponlo en 8 mil')).toBe(true);
  });

  it('people counted are no pesos: "somos cinco en la casa"', () => {
    expect(understand('ponme de presupuesto 4,500 al mes, somos cinco en la casa').entities).toMatchObject({
      amount_mxn_cents: 450_000,
    });
  });

  it.each([
    ['ya le pagué una parte a mi hermana, ahora le debo 2,500', 'hermana'],
    ['le pedí prestados 2,500 a mi compadre Toño', 'Toño'],
    ['ya le terminé de pagar al Güero', 'Güero'],
    ['ya le di otros 500 a mi vecina Chayo, ahora le debo 1,500', 'Chayo'],
  ])('the creditor of "%s"', (text, name) => {
    expect(understand(text)).toMatchObject({ intent: 'MANAGE_DEBT', entities: { debt_name: name } });
  });
});
