import { boletosUnderstander as ptBrUnderstander } from '../../src/domains/boletos/understanding';
import { financeUnderstander as esMxUnderstander } from '../../src/domains/finance/understanding';
import { isoDate } from '../../src/nlu/civil-date';
import { easter, isBusinessDay, nextBusinessDay, nthBusinessDay } from '../../src/nlu/pt-br/business-days';
import { epochDay } from '../../src/nlu/civil-date';

/** Sunday 22 November 2026, 10:00 in São Paulo / Mexico City. */
const pt = (text: string, now = '2026-11-22T10:00:00-03:00') =>
  ptBrUnderstander.understand(text, { locale: 'pt-BR', now: new Date(now), timeZone: 'America/Sao_Paulo' });
const es = (text: string) =>
  esMxUnderstander.understand(text, {
    locale: 'es-MX',
    now: new Date('2026-11-22T10:00:00-06:00'),
    timeZone: 'America/Mexico_City',
  });

describe('Brazilian bank business days', () => {
  it('knows Easter and the days banks close around it', () => {
    expect(isoDate(easter(2026))).toBe('2026-04-05');
    expect(isoDate(easter(2027))).toBe('2027-03-28');
    expect(isBusinessDay(epochDay(2027, 2, 8))).toBe(false); // Carnival Monday
    expect(isBusinessDay(epochDay(2027, 2, 9))).toBe(false); // Carnival Tuesday
    expect(isBusinessDay(epochDay(2027, 3, 26))).toBe(false); // Good Friday
    expect(isBusinessDay(epochDay(2027, 5, 27))).toBe(false); // Corpus Christi
    expect(isBusinessDay(epochDay(2026, 11, 20))).toBe(false); // Consciência Negra
    expect(isBusinessDay(epochDay(2026, 11, 23))).toBe(true);
  });

  it('counts the nth business day of a month and the next one', () => {
    expect(isoDate(nthBusinessDay(2027, 2, 6)!)).toBe('2027-02-10');
    expect(isoDate(nthBusinessDay(2027, 1, 1)!)).toBe('2027-01-04');
    expect(nthBusinessDay(2026, 12, 30)).toBeUndefined();
    expect(isoDate(nextBusinessDay(epochDay(2026, 11, 19)))).toBe('2026-11-23');
  });
});

describe('pt-BR due dates and amounts people get wrong', () => {
  it.each([
    ['boleto de 100 pro João no próximo dia útil', '2026-11-23'],
    ['boleto de 100 pro João no quinto dia útil de dezembro', '2026-12-07'],
    ['boleto de 100 pro João pro primeiro dia útil de janeiro', '2027-01-04'],
    ['boleto de 100 pro João pro 5º dia útil do mês que vem', '2026-12-07'],
    ['gera boleto p/ Tainá valor 275 vence 30', '2026-11-30'],
    ['boleto 150 pro João vencimento 5', '2026-12-05'],
  ])('%s -> %s', (text, due) => {
    expect(pt(text).entities.due_date).toBe(due);
  });

  it('a day and month in the story of something done is behind, not a second due date', () => {
    const text =
      'O seu Anselmo pagou o último boleto em 15/10 certinho, então pode mandar outro de mil e quinhentos pra ele, vencimento 15 de dezembro';
    expect(pt(text).entities).toMatchObject({ due_date: '2026-12-15', amount_cents: 150_000 });
  });

  it.each([
    ['gera boleto p/ Tainá 11 99834-2210 valor 275', 27_500],
    ['cobra 850 conto do Breno 48 9 9123-4567 ate o dia 5', 85_000],
    ['boleto pro Caio (21) 98877-6655 de 90 reais', 9_000],
    ['boleto de 300 pro Caio 11988776655', 30_000],
    ['a nota 4471 do Henrique deu 890 reais, gera o boleto', 89_000],
    ['boleto do Paulo Sérgio, rua das Acácias 1450, no valor de 320', 32_000],
    ['gera boleto de cento e vinte e cinco e cinquenta pra Marlene', 12_550],
    ['gera boleto pro Murilo de duzentos e dez e quarenta', 21_040],
    ['boleto de cem e cinquenta pro João', 15_000],
    [
      'a Neide comprou 3 caixa de produto, vai pagar em duas vez, faz o primeiro boleto de 600 pra ela pro dia 20',
      60_000,
    ],
  ])('%s holds %d centavos, nothing else', (text, cents) => {
    expect(pt(text).entities.amount_cents).toBe(cents);
  });

  it('a range with a dash is not a phone number', () => {
    expect(pt('gera boleto de 1000-2000 pro João').entities.amount_cents).toBeUndefined();
  });

  it('a capital opening a message is a name only before what a payer does', () => {
    expect(pt('Amanhã eu vejo isso').entities.contact_name).toBeUndefined();
    expect(pt('Gera boleto de 100 pro João dia 10').entities.contact_name).toBe('João');
  });
});

describe('pt-BR names with titles, holidays and shouting', () => {
  it.each([
    // A professional title is written as part of the name; a courtesy one is not.
    ['Emitir boleto da mensalidade do Prof. Ricardo Nunes, 650 reais', 'Prof. Ricardo Nunes'],
    ['Quais boletos da Profa. Denise estão em aberto?', 'Profa. Denise'],
    ['avisa o Dr. Henrique Bastos que o boleto está disponível', 'Dr. Henrique Bastos'],
    ['gera boleto de 100 pra dona Cida dia 10', 'Cida'],
    ['gera boleto de 100 pro Sr. Tadeu dia 10', 'Tadeu'],
    [
      'faz boleto da Lavanderia Gota Azul, 1,2k, vence dia 23 de dezembro, antes do Natal',
      'Lavanderia Gota Azul',
    ],
    ['QUAIS BOLETOS DA PADARIA TRIGO DOURADO VENCEM DIA 30?', 'PADARIA TRIGO DOURADO'],
    ['Rosa pagou??', 'Rosa'],
    ['Jorge quitou?', 'Jorge'],
  ])('%s -> %s', (text, name) => {
    expect(pt(text).entities.contact_name).toBe(name);
  });
});

describe('pt-BR: a message meant for a later day is not sent now', () => {
  it('"queria mandar uma mensagem … semana que vem" proposes nothing; a message about next week is sent', () => {
    const wish = pt(
      'queria mandar uma mensagem de parabéns pra Sra. Adélia semana que vem, no aniversário dela',
    );
    expect(wish.intent === 'SEND_MESSAGE' && wish.confidence >= 0.7).toBe(false);
    expect(pt('queria mandar uma msg pro João dizendo que o boleto vence semana que vem').intent).toBe(
      'SEND_MESSAGE',
    );
  });
});

describe('pt-BR: a wish waiting on an event, and spoken messages', () => {
  it('"assim que … pagar … eu queria gerar outro" proposes nothing; a polite "quando puder" does', () => {
    const wish = pt(
      'assim que a Mercearia Boa Vista pagar o boleto 77 eu queria gerar outro de 900 pra eles',
    );
    expect(wish.intent === 'CREATE_BOLETO' && wish.confidence >= 0.7).toBe(false);
    expect(pt('quando puder, gera um boleto de 900 pra Mercearia Boa Vista pra dia 10').intent).toBe(
      'CREATE_BOLETO',
    );
  });

  it('the message is what is said, without the one told, the fillers or a closing "né"', () => {
    expect(
      pt('manda um recado pra Patrícia lembrando ela que o boleto vence amanhã né').entities,
    ).toMatchObject({
      contact_name: 'Patrícia',
      message_content: 'o boleto vence amanhã',
    });
    expect(
      pt('manda pro Gustavo Ribeiro tipo é que a academia abre mais cedo na segunda').entities,
    ).toMatchObject({
      contact_name: 'Gustavo Ribeiro',
      message_content: 'a academia abre mais cedo na segunda',
    });
  });
});

describe('es-MX: lucas and years', () => {
  it('"dos lucas" is two thousand pesos; "en 2025" is a year', () => {
    expect(es('ayer me gasté dos lucas en el súper').entities.amount_mxn_cents).toBe(200_000);
    expect(es('gasté 3 lucas en ropa').entities.amount_mxn_cents).toBe(300_000);
    expect(
      es('en 2025 gaste 40 mil en ropa, ya no mas, quiero que mi presupuesto de ropa sea de 2 mil al mes')
        .entities.amount_mxn_cents,
    ).toBe(200_000);
  });
});

describe('corrections and references of blind round 178-181', () => {
  it('a corrected message to send is the last one said', () => {
    expect(
      pt('avisa a Kátia que o boleto venceu... nao pera, erro meu, fala pra ela que o boleto vence amanha')
        .entities,
    ).toMatchObject({ contact_name: 'Kátia', message_content: 'o boleto vence amanha' });
  });

  it('a request asked politely mid-message leaves its question mark to Iris; a question to send keeps it', () => {
    expect(
      pt(
        'o boleto da Rafaela eu ja gerei ontem, beleza. agora vc consegue avisar ela q o pix nao ta disponivel?',
      ).entities.message_content,
    ).toBe('o pix nao ta disponivel');
    expect(
      pt('daria pra mandar uma msg pro Henrique dizendo obrigado pela parceria?').entities.message_content,
    ).toBe('obrigado pela parceria');
    expect(pt('manda pro João: você vem amanhã?').entities.message_content).toBe('você vem amanhã?');
  });

  it('a due date taken back and named again as a reason is not chosen again', () => {
    expect(
      pt(
        'boleto pra Auto Peças Silva Ltda de R$ 2.300,00 vencendo dia 20... ah não, melhor dia 25 que eles so pagam depois do dia 20',
        '2027-01-08T09:00:00-03:00',
      ).entities.due_date,
    ).toBe('2027-01-25');
  });

  it("a number said as an old boleto's is not the new boleto's amount", () => {
    const read = pt(
      'lembra daquele boleto 312 do Rogério q eu gerei semana passada? entao ele ja pagou. agora ele quer mais 2 caixas, daria pra mandar outro boleto pra ele de 680 pra amanhã?',
    );
    expect(read.entities.amount_cents).toBe(68_000);
    expect(pt('cria boleto 150 pro João').entities.amount_cents).toBe(15_000);
  });

  it('a negative amount in the request is never replaced by an amount from the story', () => {
    const read = pt(
      'A Lúcia Prado pagou o boleto 212 com R$ 250 a mais, sem querer. Então faz aí um boleto pra Lúcia Prado de menos 250 com vencimento amanhã.',
    );
    expect(read.intent).toBe('CREATE_BOLETO');
    expect(read.entities).not.toHaveProperty('amount_cents');
    expect(read.entities.contact_name).toBe('Lúcia Prado');
  });

  it('a role with "novo" before the name, and "ao trabalho", name the right person', () => {
    expect(
      pt('o cliente novo Tiago Moraes ta esperando aqui, gera um boleto de 350 pra ele pra hoje').entities
        .contact_name,
    ).toBe('Tiago Moraes');
    expect(pt('voltando ao trabalho aqui... o 1203 ja venceu?').entities).not.toHaveProperty('contact_name');
  });

  it('a name stops where a description starts; a condominium is a customer', () => {
    const name = (text: string) => pt(text).entities.contact_name;
    expect(name('gera um boleto de 350 pro joao da encomenda de bolo de pote, vence dia 5')).toBe('joao');
    expect(name('cria um boleto de 450 pra bete da festa de aniversario')).toBe('bete');
    expect(name('emite um boleto pra neide mae do pedrinho, 320, vence dia 10')).toBe('neide');
    expect(name('gera boleto de 100 pro joao da silva santos')).toBe('joao da silva santos');
    expect(name('faz um boleto de 2 mil pra dona celia da silva do condominio das flores')).toBe(
      'celia da silva',
    );
    expect(name('emite 2 mil e 400 Condomínio Jardim das Flores vencimento 15/01')).toBe(
      'Condomínio Jardim das Flores',
    );
  });

  it('es-MX: a loan refused is nothing owed; lending or paying for the person is out of reach', () => {
    const proposesDebt = (text: string) => {
      const read = es(text);
      return read.intent === 'MANAGE_DEBT' && read.confidence >= 0.7;
    };
    expect(proposesDebt('estoy en buró? me acaban de negar un crédito en Coppel')).toBe(false);
    expect(proposesDebt('me rechazaron la tarjeta de crédito de Liverpool otra vez')).toBe(false);
    expect(proposesDebt('paga mi tarjeta Nu con lo q tengo en el banco')).toBe(false);
    expect(proposesDebt('préstame 2 mil y te los pago el viernes jaja')).toBe(false);
    const shared = es(
      'de los 1,800 del super solo 600 fueron mios, lo demas lo paga mi roomie. registra solo lo mio',
    );
    expect(shared.intent).toBe('LOG_TRANSACTION');
  });

  it('es-MX: "no sé si" negates a verb, it corrects no amount; a creditor with no "a"', () => {
    expect(
      es(
        'estoy pensando en comprar unos audífonos de 1,500 pero no sé si me alcanza, tengo 3,200 en la cuenta',
      ).entities,
    ).toMatchObject({ amount_mxn_cents: 150_000, balance_mxn_cents: 320_000 });
    expect(es('cargue gasolina 500 varos... no espera, fueron 650').entities.amount_mxn_cents).toBe(65_000);
    expect(es('debo 4500 lupita apuntalo xfa').entities.debt_name).toBe('lupita');
    expect(es('debo 4500 pesos').entities).not.toHaveProperty('debt_name');
  });
});

describe('names, dates and closings written the way people type them (round of 2026-11-27)', () => {
  const proposes = (read: { intent: string; confidence: number }, intent: string) =>
    read.intent === intent && read.confidence >= 0.7;

  it.each([
    ['cancela o boleto da Ótica Vila-Nova', 'Ótica Vila-Nova'],
    ['o boleto da Confeitaria Doce-de-Leite foi pago?', 'Confeitaria Doce-de-Leite'],
    ["gera um boleto de 300 pro Empório d'Oliva", "Empório d'Oliva"],
    ["lista os boletos da Padaria O'Hara", "Padaria O'Hara"],
    ["faz um boleto de 120 pra D'Ângelo Auto Center", "D'Ângelo Auto Center"],
  ])('pt-BR: a hyphen or an apostrophe keeps a name whole: %s', (text, name) => {
    expect(pt(text).entities.contact_name).toBe(name);
  });

  it('pt-BR: a day and month with a dot is a date, never an amount; money and times keep theirs', () => {
    expect(pt('boleto de 250 pro Caio vencendo 07.12').entities).toMatchObject({
      amount_cents: 25_000,
      due_date: '2026-12-07',
    });
    expect(pt('gera boleto de 90 pra Rita vence 31.02').entities.amount_cents).toBe(9_000);
    expect(pt('boleto de R$ 12.05 pro Caio amanhã').entities).toMatchObject({
      amount_cents: 1_205,
      due_date: '2026-11-23',
    });
    expect(pt('boleto de 1.250 pro Caio dia 10').entities.amount_cents).toBe(125_000);
  });

  it.each([
    ['avisa a Tânia que o boleto já foi gerado, valeu', 'o boleto já foi gerado'],
    ['fala pro Rui que o pix caiu tá valeu', 'o pix caiu'],
    ['diz pra Neide que o boleto vence segunda, blz? obrigada', 'o boleto vence segunda'],
    ['avisa o Davi que já paguei, obrigado', 'já paguei, obrigado'],
    ['manda pra Lia: oi Lia, o boleto vence amanhã, blz?', 'oi Lia, o boleto vence amanhã, blz?'],
    ['manda pra Lia: o boleto saiu. só isso, obg', 'o boleto saiu'],
  ])('pt-BR: a casual closing to Iris is not part of the text to send: %s', (text, content) => {
    expect(pt(text).entities.message_content).toBe(content);
  });

  it('pt-BR: a request put off, a reminder asked of Iris or a verb then "não" proposes nothing', () => {
    expect(
      proposes(pt('quero gerar um boleto de 800 pra Sônia, mas só amanhã eu te confirmo'), 'CREATE_BOLETO'),
    ).toBe(false);
    expect(proposes(pt('gera um de 500 pro Ivo, mas ainda não'), 'CREATE_BOLETO')).toBe(false);
    expect(proposes(pt('me lembra amanhã de cobrar o Heitor'), 'CREATE_BOLETO')).toBe(false);
    expect(proposes(pt('cancela não! o da Edna fica'), 'CANCEL_BOLETO')).toBe(false);
    expect(proposes(pt('o Ivo ainda não pagou, mas ainda não cancela'), 'CANCEL_BOLETO')).toBe(false);
    expect(proposes(pt('gera um boleto de 500 pro Ivo'), 'CREATE_BOLETO')).toBe(true);
    expect(proposes(pt('cancela o 77, a Edna pagou em dinheiro'), 'CANCEL_BOLETO')).toBe(true);
  });

  it('es-MX: cents said after "pesos con", and no cents from what is counted after it', () => {
    expect(es('noventa y cinco pesos con cincuenta de tortillas ayer').entities.amount_mxn_cents).toBe(9_550);
    expect(es('gasté 400 pesos con dos amigos en el cine').entities.amount_mxn_cents).toBe(40_000);
  });

  it('es-MX: an old value beside the new one, what one earns, and a day where a due day goes are no amount', () => {
    expect(
      es('antes le debía 6 mil a mi primo, ya le aboné y ahora son 4 mil').entities.balance_mxn_cents,
    ).toBe(400_000);
    expect(es('tenía 9 mil en el banco, ahora tengo 7,300').entities.balance_mxn_cents).toBe(730_000);
    expect(es('el tope de ropa lo tenía en 1,500, súbelo a 1,800').entities.amount_mxn_cents).toBe(180_000);
    expect(es('gano 20 mil al mes, ponme un presupuesto de 15 mil').entities.amount_mxn_cents).toBe(
      1_500_000,
    );
    const card = es('tarjeta Costco saldo 8,400 mínimo 600 fecha límite el 33').entities;
    expect(card).toMatchObject({ balance_mxn_cents: 840_000, minimum_payment_mxn_cents: 60_000 });
  });

  it('es-MX: a request put off proposes nothing; "espérate" still corrects, a payment plan still records', () => {
    expect(proposes(es('pon mi presupuesto en 10 mil pero todavía no'), 'SET_BUDGET')).toBe(false);
    expect(proposes(es('ni lo anotes, fueron 30 pesos de un chicle'), 'LOG_TRANSACTION')).toBe(false);
    expect(proposes(es('no me acuerdo de mi saldo, al rato te lo paso'), 'SET_BANK_BALANCE')).toBe(false);
    expect(es('gasté 300 en uber no espérate fueron 350').entities.amount_mxn_cents).toBe(35_000);
    expect(
      proposes(
        es('anota que le debo 2 mil a mi tía, se los pago cuando me caiga la quincena'),
        'MANAGE_DEBT',
      ),
    ).toBe(true);
  });
});

describe('values of the first round of 2026-11-27 late (dev deliveries 291-292, set 7)', () => {
  it.each([
    ['boleto de 1.200 pro Vitor, vence 3ª que vem', '2026-11-24'],
    ['boleto de 1.200 pro Vitor, vence 3a feira', '2026-11-24'],
    ['boleto de 300 pra Ana vence na 6ª', '2026-11-27'],
    ['gera boleto pro Otávio de 650, vencimento dia 20, aliás, dia 28', '2026-11-28'],
    ['o boleto da Juliana venceu sexta passada, gera outro de 320 pra sexta que vem', '2026-11-27'],
  ])('pt-BR due date of "%s" is %s', (text, iso) => {
    expect(pt(text).entities.due_date).toBe(iso);
  });

  it('pt-BR "2ª via" and "3ª parcela" are no weekdays', () => {
    expect(pt('gera a 3a parcela do Joao de 200 pra dia 5').entities.due_date).toBe('2026-12-05');
    expect(pt('boleto de 200 da 2ª via do Joao pra dia 5').entities.due_date).toBe('2026-12-05');
  });

  it.each([
    ['faz um boleto pro Henrique de 1.250,00 (era 1.100 mas ele pediu mais 3 peças) vence dia 15', 125_000],
    ['gera boleto pra Nathalia de 480, 4 unidades de 120, vencimento segunda que vem', 48_000],
    ['boleto de 800 pra Marina (comissão de 10% sobre os 8 mil da venda), vence dia 28', 80_000],
    ['boleto de R$ 560,00 pra Mirela, vencimento em 7 dias, referente a 2 diárias de 280', 56_000],
  ])('pt-BR amount of "%s" is what is charged', (text, cents) => {
    expect(pt(text).entities.amount_cents).toBe(cents);
  });

  it('pt-BR an amount\'s own words are no count of parts: "2 mil reais de entrada e 500 de …" is asked', () => {
    expect(
      pt('boleto de 2 mil reais de entrada e 500 de mensalidade pro Zé').entities.amount_cents,
    ).toBeUndefined();
  });

  it.each([
    ['me llegó el aguinaldo el 15 de diciembre 18 mil 500', 1_850_000],
    ['ya me cayó el aguinaldo, fueron 21 mil 340.75', 2_134_075],
    ['pagué 620 de internet, el cargo salió con referencia 00981234', 62_000],
    ['mi mamá me regaló 1,000 por mi cumple de 30', 100_000],
    ['31 de noviembre pagué 450 de internet', 45_000],
  ])('es-MX amount of "%s" is %s cents', (text, cents) => {
    expect(es(text).entities.amount_mxn_cents).toBe(cents);
  });

  it('es-MX "diciembre 18 mil" is no year 2018, and "31 de noviembre" alone is an impossible date', () => {
    expect(es('me llegó el aguinaldo el 15 de diciembre 18 mil 500').entities.date_iso).not.toMatch(/^2018/);
    expect(es('31 de noviembre pagué 450 de internet').entities.date_iso).toBe('2026-11-31');
  });

  it.each([
    ['abono de 1,500 a la tarjeta Liverpool, ahora debo 7,800', 780_000],
    ['hice un pago de 3,000 a la tarjeta Banorte y el saldo quedó en 12 mil', 1_200_000],
    ['le abonamos 1,000 a mi compadre, ahora le debemos 2 mil', 200_000],
  ])('es-MX a payment made is neither balance nor minimum: "%s"', (text, balance) => {
    const { entities } = es(text);
    expect(entities.balance_mxn_cents).toBe(balance);
    expect(entities.minimum_payment_mxn_cents).toBeUndefined();
  });

  it('es-MX "3 lucas y media" is 3,500 pesos', () => {
    expect(es('actualiza mi saldo x fa: 3 lucas y media').entities.balance_mxn_cents).toBe(350_000);
  });

  it('es-MX "abono de 500 al mes" stays the monthly payment', () => {
    expect(
      es('la tarjeta Liverpool debe 8 mil, abono de 500 al mes').entities.minimum_payment_mxn_cents,
    ).toBe(50_000);
  });
});
