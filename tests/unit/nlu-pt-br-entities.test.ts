import { boletosUnderstander as ptBrUnderstander } from '../../src/domains/boletos/understanding';

const ctx = {
  locale: 'pt-BR' as const,
  now: new Date('2026-11-22T10:00:00-03:00'),
  timeZone: 'America/Sao_Paulo',
};
const understand = (text: string) => ptBrUnderstander.understand(text, ctx);
/** Reads as if sent at `iso` (São Paulo time). */
const readAt = (iso: string) => (text: string) =>
  ptBrUnderstander.understand(text, { ...ctx, now: new Date(iso) });
/** A boleto created or cancelled, or a message queued, at or above Gate 2's threshold. */
const proposesWrite = (text: string) => {
  const out = understand(text);
  return ['CREATE_BOLETO', 'CANCEL_BOLETO', 'SEND_MESSAGE'].includes(out.intent) && out.confidence >= 0.7;
};

describe('pt-BR entities', () => {
  describe('contact_name, as written and without the preposition', () => {
    it.each([
      ['cria um boleto de 150 pro João', 'João'],
      ['cria um boleto de 150 para a Maria Souza', 'Maria Souza'],
      ['cancela o boleto do João Silva', 'João Silva'],
      ['cria um boleto de 150 pro joao pra sexta', 'joao'],
      ['cria um boleto de 200 pra Ana Clara dos Santos pra dia 12', 'Ana Clara dos Santos'],
      ['cria um boleto de 80 para o Sr. Almeida', 'Almeida'],
      ['faz uma cobrança de 350 reais pro seu Jorge', 'Jorge'],
      ['cria um boleto de 200 reais pro cliente João Batista', 'João Batista'],
      ['cria um boleto de 150 pro João rapidinho', 'João'],
      ['cria um boleto de 150 pro joão referente ao aluguel', 'joão'],
      ['cria um boleto de 1200 pro joão silva do aluguel de dezembro', 'joão silva'],
      ['Cria boleto: Roberto Carlos, R$ 450, vencimento 20/12', 'Roberto Carlos'],
      ['avisa o Pedro que o boleto já foi gerado', 'Pedro'],
      ['o João já pagou o boleto?', 'João'],
      ['preciso cobrar o seu Zé, ele levou 3 caixas de ovo, 150 reais, gera pra sexta', 'Zé'],
      ['lembra a Carla do boleto de 90 reais', 'Carla'],
    ])('"%s" -> %s', (text, name) => {
      expect(understand(text).entities.contact_name).toBe(name);
    });

    it.each([
      ['a weekday after "pra"', 'cria um boleto de 150 pra sexta'],
      ['"pra mim"', 'consulta o boleto 99 pra mim'],
      ['a verb after "pra"', 'quanto eu tenho pra receber esse mês?'],
      ['a role alone after an article', 'cancela o boleto 12, o cliente desistiu'],
      ['a lower-case noun after an article', 'avisa todo mundo que o sistema vai parar'],
    ])('is not found in %s', (_why, text) => {
      expect(understand(text).entities.contact_name).toBeUndefined();
    });

    it.each([
      ['gera boleto pro Renato de 450... na vdd 540, vence dia 10', 54_000],
      ['cria um boleto de 300 pro Caio, não, 380', 38_000],
      ['boleto de 200 pra Bia, quer dizer, 250', 25_000],
      ['boleto de 120 pro Léo, alias 150', 15_000],
    ])('a self-correction keeps the last amount: %s', (text, cents) => {
      expect(understand(text).entities.amount_cents).toBe(cents);
    });

    it('a number that counts things is not the amount', () => {
      expect(
        understand('cobrar o seu Zé, ele levou 3 caixas de ovo, 150 reais, gera pra sexta').entities,
      ).toMatchObject({
        amount_cents: 15_000,
      });
      expect(understand('gera boleto pra Padaria, 12 bolos, 480').entities.amount_cents).toBe(48_000);
    });

    it('reports two recipients as a conflict', () => {
      const result = understand('gera boleto pro Marcelo de 500 e pro Diego de 300');
      expect(result.entities.contact_name).toBeUndefined();
      expect(result.conflicts).toContainEqual({ field: 'contact_name', values: ['Marcelo', 'Diego'] });
    });
  });

  describe('boleto_id', () => {
    it.each([
      ['cancela o boleto 123', 123],
      ['cancela o 45', 45],
      ['status do #12', 12],
      ['quero cancelar o boleto número 7', 7],
      ['pode cancelar o boleto nº 56?', 56],
      ['cancele o boleto de id 200', 200],
      ['cancela o boleto quarenta e cinco', 45],
    ])('"%s" -> %i', (text, id) => {
      const result = understand(text);
      expect(result.entities.boleto_id).toBe(id);
      expect(result.entities.amount_cents).toBeUndefined();
    });

    it('reports two boleto numbers as a conflict', () => {
      expect(understand('cancela os boletos 10 e 11').conflicts).toEqual([
        { field: 'boleto_id', values: [10, 11] },
      ]);
    });
  });

  describe('message_content, as written', () => {
    it.each([
      ['manda pro João dizendo que o boleto vence amanhã', 'João', 'o boleto vence amanhã'],
      ['envia uma mensagem para a Maria: oi Maria, tudo certo?', 'Maria', 'oi Maria, tudo certo?'],
      ['avisa o Pedro que o boleto já foi gerado', 'Pedro', 'o boleto já foi gerado'],
      ['manda "pagamento confirmado" pra Beatriz', 'Beatriz', 'pagamento confirmado'],
      ['manda mensagem pra Lu dizendo: já paguei, obrigado', 'Lu', 'já paguei, obrigado'],
      ['manda uma mensagem pra Sofia perguntando se ela recebeu', 'Sofia', 'se ela recebeu'],
      ['lembra a Vera de pagar o boleto amanhã', 'Vera', 'pagar o boleto amanhã'],
      ['msg pra Dani: amanhã passo aí', 'Dani', 'amanhã passo aí'],
      // Fillers and emoji between the recipient and "que" ("tipo", "🙏") are not the message.
      [
        'avisa a dona Sônia tipo que o boleto novo já tá no email dela',
        'Sônia',
        'o boleto novo já tá no email dela',
      ],
      ['lembra a Tati 🙏 que a parcela venceu ontem', 'Tati', 'a parcela venceu ontem'],
    ])('"%s"', (text, name, content) => {
      const result = understand(text);
      expect(result.intent).toBe('SEND_MESSAGE');
      expect(result.entities).toEqual({ contact_name: name, message_content: content });
    });
  });

  it('keeps the list filter as the internal `status`', () => {
    expect(understand('quais boletos estão pendentes?').entities).toEqual({ status: 'PENDING' });
    expect(understand('mostra os boletos pagos').entities).toEqual({ status: 'PAID' });
    expect(understand('listar boletos cancelados').entities).toEqual({ status: 'CANCELLED' });
    expect(understand('me mostra os boletos vencidos').entities).toEqual({ status: 'OVERDUE' });
    expect(understand('quais boletos estão atrasados?').entities).toEqual({ status: 'OVERDUE' });
    expect(understand('quero ver os boletos que ainda não foram pagos').entities).toEqual({
      status: 'PENDING',
    });
    expect(understand('lista os boletos pagos e os pendentes').entities).toEqual({});
  });

  it('gives questions and unknown messages no entities', () => {
    expect(understand('qual a previsão do tempo amanhã?').entities).toEqual({});
    expect(understand('como eu crio um boleto?').entities).toEqual({});
  });

  it('never invents a value that was not said', () => {
    expect(understand('cria um boleto pro João').entities).toEqual({ contact_name: 'João' });
    expect(understand('quero criar um boleto').entities).toEqual({});
  });
});

describe('pt-BR entities: what the person meant, not every word they wrote', () => {
  it('drops a courtesy title from the name', () => {
    expect(understand('gera um boleto de 300 pra dona Zefa pra sexta').entities.contact_name).toBe('Zefa');
    expect(understand('avisa o seu Nestor que o boleto venceu').entities.contact_name).toBe('Nestor');
  });

  it('keeps a company name with an ampersand whole', () => {
    expect(understand('boleto de 500 pra Ferragens Silva & Filhos amanhã').entities.contact_name).toBe(
      'Ferragens Silva & Filhos',
    );
  });

  it('takes the name and the date a person corrects themselves to', () => {
    expect(understand('cancela o boleto do Rui... não, do Davi').entities.contact_name).toBe('Davi');
    expect(understand('boleto de 200 pro Davi pra segunda, não, pra terça').entities.due_date).toBe(
      '2026-11-24',
    );
    // Not a correction: a "não" inside what happens keeps both names apart.
    expect(understand('avisa o Davi que não vai dar pra Rui').entities.contact_name).toBe('Davi');
  });

  it('takes the due date a due word introduces, not a day from the story around it', () => {
    const { entities, conflicts } = understand(
      'ontem entreguei o pedido da Loja Azul, faz um boleto de 900 pra eles com vencimento terça',
    );
    expect(entities.due_date).toBe('2026-11-24');
    expect(conflicts).toBeUndefined();
  });

  it('reads "q" as "que" before the text to send', () => {
    expect(understand('avisa a Bia q o boleto já foi').entities.message_content).toBe('o boleto já foi');
  });

  it('does not take what someone said on the phone for a message to send', () => {
    expect(
      understand('o Davi ligou dizendo que desistiu da obra, cancela o boleto dele').entities.message_content,
    ).toBeUndefined();
    // The past verb a few words back still makes it a story, and the request stays readable.
    const story = understand(
      'O Sr. Osvaldo me ligou ontem dizendo que desistiu da reforma. Por favor cancela o boleto dele.',
    );
    expect(story.entities.message_content).toBeUndefined();
    expect(story.intent).toBe('CANCEL_BOLETO');
    // An order to send keeps its text: "manda pra ela dizendo que…".
    expect(understand('manda pra Bia amanhã cedo dizendo que o boleto venceu').entities.message_content).toBe(
      'o boleto venceu',
    );
  });
});

describe('pt-BR entities in a story told around the request', () => {
  it("reads the request's sentence: the story's amounts and names are not the request's", () => {
    const out = understand(
      'IRIS BOM DIA AQUI É A MERCEARIA DO JOÃO. O RESTAURANTE SABOR CAIPIRA COMPROU 3 FARDOS NA SEXTA. ' +
        'GERA UM BOLETO DE R$ 612,40 PRO SABOR CAIPIRA VENCENDO SEXTA QUE VEM',
    );
    expect(out.entities).toMatchObject({ contact_name: 'SABOR CAIPIRA', amount_cents: 61_240 });
    expect(out.conflicts ?? []).toEqual([]);
  });

  it('a request that refers back ("pra ela") to a story with two people asks which one', () => {
    const out = understand(
      'A mãe do Lucas, a Simone Alves, renovou a matrícula. Gera pra ela 350 reais com vencimento dia 20 de dezembro',
    );
    expect(out.entities).toMatchObject({ amount_cents: 35_000, due_date: '2026-12-20' });
    expect(out.conflicts).toEqual([{ field: 'contact_name', values: ['Lucas', 'Simone Alves'] }]);
  });

  it('the writer introducing themselves is never the customer', () => {
    expect(understand('sou o Marcelo, gera um boleto de 100 pro Paulo').entities.contact_name).toBe('Paulo');
    const out = understand('opa, aqui eh a Carla do pet shop. faz um boleto de 260 pra ele');
    expect(out.entities.contact_name).toBeUndefined();
  });

  it('a message of one sentence is read whole: its one name is the contact', () => {
    expect(understand('a Cida pagou os 380, gera um de 450 pra ela').entities.contact_name).toBe('Cida');
  });
});

describe('pt-BR entities named only to be ruled out', () => {
  it('a name or a day after "não o do…" is not the one asked for', () => {
    expect(understand('cancela o boleto da Patrícia, não o do Paulo').entities.contact_name).toBe('Patrícia');
    expect(understand('lista os boletos que vencem dia 10, não os do dia 5').entities.due_date).toBe(
      '2026-12-10',
    );
  });

  it('what someone owes is told; what is charged is asked', () => {
    const out = understand('a Juliana me deve 600 mas vou cobrar so 450 agora, gera o boleto pra dia 15');
    expect(out.entities).toMatchObject({ contact_name: 'Juliana', amount_cents: 45_000 });
    expect(out.conflicts).toBeUndefined();
    // The only amount said is the one to charge.
    expect(understand('o Pedro deve 300, gera um boleto pra ele').entities.amount_cents).toBe(30_000);
  });
});

describe('pt-BR intent of a long story that ends in its request', () => {
  it('the last sentence, read alone, lifts the intent the model leaned to above Gate 2', () => {
    const out = understand(
      'Boa tarde. O seu Antônio se mudou pra outra cidade semana passada, uma pena, cliente antigo. ' +
        'Ele tinha um plano parcelado. Por favor cancele o boleto nº 5120 que venceria dia 20, não vamos mais cobrar',
    );
    expect(out.intent).toBe('CANCEL_BOLETO');
    expect(out.confidence).toBeGreaterThanOrEqual(0.7);
    expect(out.entities.boleto_id).toBe(5120);
  });

  it('never lifts a write the words hold back', () => {
    expect(
      proposesWrite('Bom dia. A Bruna atrasou de novo. Se ela não pagar até sexta, cancela o boleto dela'),
    ).toBe(false);
  });
});

describe('pt-BR names with ordinary words, and words that are not names', () => {
  it.each([
    ['gera um boleto de R$ 850,00 pro Mercadinho Bom Preço vencendo dia 5', 'Mercadinho Bom Preço'],
    ['quais boletos a Distribuidora Boa Esperança já pagou esse mês?', 'Distribuidora Boa Esperança'],
    ['manda um lembrete pro Lucas Ferreira Dias falando que a aula mudou', 'Lucas Ferreira Dias'],
    ['o boleto da Escola Bright foi pago?', 'Escola Bright'],
    [
      'Gera pra ele: Marcos Vinícius Teixeira, 2 mil e 800, vencimento depois de amanhã',
      'Marcos Vinícius Teixeira',
    ],
  ])('"%s" -> %s', (text, name) => {
    expect(understand(text).entities.contact_name).toBe(name);
  });

  it('a word written in capitals only is not taken into a name: the message may be shouted', () => {
    expect(understand('MANDA PRO BETO BOM DIA').entities.contact_name).toBe('BETO');
  });

  it.each([
    ['"ô Iris" calls the assistant', 'ô Iris cancela aí aquele boleto número 312'],
    ['"aqui da loja" is where the writer is', 'tô aqui da loja, cancela o boleto 45'],
    ['"o pessoal" is everyone', 'me mostra os boletos em atraso, quero cobrar o pessoal essa semana'],
    ['"pra quem" asks who', 'quais boletos vencem sexta? vou mandar lembrete pra quem tá devendo'],
  ])('is not a name: %s', (_why, text) => {
    expect(understand(text).entities.contact_name).toBeUndefined();
  });

  it("a list's filters come from its question, never from the story around it", () => {
    const out = understand(
      'quais boletos ja foram pagos esse mes? quero fechar o caixa da distribuidora aqui em Belém',
    );
    expect(out.intent).toBe('LIST_BOLETOS');
    expect(out.entities.contact_name).toBeUndefined();
    // A greeting's question is not the request: the day asked about still counts.
    const greeting = understand(
      'bom dia!! tudo certo por ai? queria saber o que vence na quarta, pra ir avisando',
    );
    expect(greeting.entities.due_date).toBe('2026-11-25');
  });
});

describe('pt-BR: what Iris cannot do, and orders under a condition', () => {
  it.each([
    'faz um pix de 50 de volta pro Gustavo, ele pagou a mais',
    'transfere 300 pro fornecedor',
    'se a Farmácia Vida Nova não pagar até amanhã você cancela o boleto dela',
    // A message to a contact is queued without a confirmation, so its words must ask for it.
    'O Caio ficou de passar aqui amanhã. Se ele não aparecer aí vc manda uma msg pra ele lembrando do boleto',
    'um dia quero mandar msg automatica pra todo cliente atrasado',
    // Iris does not change a boleto once issued.
    'coloca juros de 2% no boleto atrasado do Rogério',
    'da 10% de desconto pro seu Valdir no boleto dele',
    'parcela em 3x o boleto da Fernanda pfv',
    'muda o vencimento do boleto 312 pra sexta',
    // A message received, quoted, is not one to send.
    'recebi uma mensagem do Cláudio: "Oi, pode me mandar o boleto de novo?"',
  ])('proposes no write: %s', (text) => {
    expect(proposesWrite(text)).toBe(false);
  });

  it('a write said not to be asked for is read as what else the words could mean, never as a write', () => {
    for (const text of [
      'não cancela o boleto do Paulo ainda, ele disse que vai pagar até sexta',
      'se a Luana não pagar até sexta cancela o boleto dela',
    ]) {
      expect(understand(text).intent).not.toBe('CANCEL_BOLETO');
      expect(proposesWrite(text)).toBe(false);
    }
  });

  it('a rate is no amount: "juros de 2%" is not R$ 2', () => {
    expect(understand('gera um boleto de 300 pro Rogério com juros de 2% dia 10').entities.amount_cents).toBe(
      30_000,
    );
    expect(understand('cancela o boleto da multa do Rogério').intent).toBe('CANCEL_BOLETO');
  });

  it('still sends what is asked for plainly', () => {
    expect(proposesWrite('avisa o Pedro que o boleto já foi gerado')).toBe(true);
    expect(proposesWrite('vc consegue mandar um zap pra Léia falando que hj nao abre a loja?')).toBe(true);
  });
});

describe('pt-BR amounts said as words', () => {
  it('"menos duzentos" is not an amount, even after a repeated word; "mais ou menos 200" is about 200', () => {
    const negative = understand('é é gera gera um boleto pro Cícero de de menos duzentos reais');
    expect(negative.entities.amount_cents).toBeUndefined();
    expect(understand('gera um boleto de mais ou menos 200 pro Cícero').entities.amount_cents).toBe(20_000);
  });
});

describe('pt-BR: a message taken back, and names in the middle of a story', () => {
  it('"… esquece, deixa" takes the message back; "deixa a chave" is part of it', () => {
    expect(
      proposesWrite(
        'manda um lembrete pro Caio que a mensalidade venceu... esquece, deixa, ele acabou de pagar',
      ),
    ).toBe(false);
    const kept = understand('manda pro Caio: tudo certo, deixa a chave na portaria');
    expect(kept.intent).toBe('SEND_MESSAGE');
    expect(kept.entities.message_content).toBe('tudo certo, deixa a chave na portaria');
  });

  it('second thoughts that negate the sending ("pensando bem não manda nada") take it back; a "não" in the text to send does not', () => {
    const changed = understand(
      'manda pro Jorge que o boleto venceu... pensando bem nao manda nada, so me mostra os boletos vencidos dele',
    );
    expect(changed.intent).not.toBe('SEND_MESSAGE');
    expect(proposesWrite('avisa o Pedro que o boleto venceu. na verdade não avisa não')).toBe(false);
    expect(
      understand('avisa a Carla que o boleto venceu, não esquece de pagar').entities.message_content,
    ).toBe('o boleto venceu, não esquece de pagar');
    expect(understand('manda pra Bia que não precisa pagar hoje').entities.message_content).toBe(
      'não precisa pagar hoje',
    );
  });

  it.each([
    ['cancela o do Wellington... nao pera, o da Simone', 'Simone'],
    ['BOLETO DO GERALDO FOI PAGO???', 'GERALDO'],
    ['Ontem terminei a pintura da casa da dona Cleide, agora gera um boleto pra ela de 1.850', 'Cleide'],
  ])('"%s" -> %s', (text, name) => {
    expect(understand(text).entities.contact_name).toBe(name);
  });
});

describe('pt-BR: a lower-case word after "do/da" is an owner only when it hangs on a boleto', () => {
  it.each([
    ['cancela o boleto 88, o cliente desistiu do armário', undefined],
    ['quem ainda nao pagou a mensalidade da van?', undefined],
    ['cancela o boleto da maria', 'maria'],
    ['pode cancelar o da fernanda, ela vai pagar no pix', 'fernanda'],
    ['lista os boletos em aberto do joao', 'joao'],
    ['o boleto do rodrigo da oficina foi cancelado?', 'rodrigo'],
    ['manda msg pro joão da padaria dizendo q o boleto vence amanhã', 'joão'],
    ['faz um boleto de 2 mil pra dona celia da silva', 'celia da silva'],
  ])('"%s" -> %s', (text, name) => {
    expect(understand(text).entities.contact_name).toBe(name);
  });
});

describe('pt-BR: invoices, obligations, stories of what someone keeps saying, and texting around names', () => {
  it.each([
    'manda a NF do mes passado pra Elétrica Silva',
    'gera um pix de 150 pra Juliana',
    'semana que vem vou ter que gerar um boleto de 900 pra Tereza',
    'eu ia mandar um boleto de 700 pro Rui mas ele pediu pra esperar',
    'o boleto da Luana venceu ontem e ela nem respondeu minhas mensagens 😤',
    'Caso o Sr. Vinícius Rocha não efetue o pagamento até 30/11, talvez seja necessário emitir um novo boleto de R$ 890,00.',
    'talvez eu gere um boleto de 500 pro Caio amanhã',
    'amanhã eu gero um boleto de R$ 450 pra Juliana com vencimento dia 10',
    'minha sócia gerou um boleto de R$ 450 pra Juliana ontem, com vencimento dia 10',
    'queria mandar um recado pro Fábio agradecendo a indicação, mas depois eu vejo isso',
    'queria gerar um boleto de 300 pro Rui mas ele ainda não confirmou o pedido',
    'Meu sócio, o Anderson, vive dizendo que eu sou mole demais com cliente atrasado. Emite o boleto do Téo de 5.600 pra dia 10',
    'vou gerar um boleto de 300 pro Tiago amanha',
    'lembrar de cobrar a Carla amanha',
    'não esquecer de gerar o boleto de 200 da Bia',
  ])('proposes no message and no boleto it was not asked for: %s', (text) => {
    const out = understand(text);
    expect(out.intent === 'SEND_MESSAGE' && out.confidence >= 0.7).toBe(false);
    if (!text.startsWith('Meu sócio')) expect(proposesWrite(text)).toBe(false);
  });

  it.each([
    ['slc esqueci d cobrar o rafa kkk manda boleto de 80 conto p ele', 'rafa'],
    ['lista os boleto do carlos tb', 'carlos'],
    ['anula o boleto da dona rosa pfv vlw 🙏', 'rosa'],
  ])('"%s" -> %s', (text, name) => {
    expect(understand(text).entities.contact_name).toBe(name);
  });

  it('"lembra da Helena que…" asks to remember her, not to remind her; "lembra a Vera de pagar" reminds Vera', () => {
    expect(
      understand(
        'Lembra da Helena que encomendou o bolo de casamento? então, o noivado acabou kkk cancela o dela',
      ).intent,
    ).not.toBe('SEND_MESSAGE');
    expect(understand('lembra a Vera de pagar o boleto').entities.message_content).toBe('pagar o boleto');
  });

  it('"1k2" is 1.200 reais, "2k5" 2.500', () => {
    expect(understand('boleto de 1k2 pro Mercadinho Sao Jorge').entities.amount_cents).toBe(120_000);
    expect(understand('gera boleto de 2k5 pra Bia').entities.amount_cents).toBe(250_000);
  });

  it('"depois d amanhã" is two days ahead', () => {
    expect(understand('manda boleto de 80 conto pro rafa vence depois d amanha').entities.due_date).toBe(
      '2026-11-24',
    );
  });
});

describe('pt-BR: whose name it is', () => {
  it('reads a title and a capitalized name with no cue before them', () => {
    expect(understand('Sr. Otávio pagou?').entities.contact_name).toBe('Otávio');
    expect(understand('Dona Cida pagou?').entities.contact_name).toBe('Cida');
  });

  it('takes no name from a new sentence that starts with a capital, nor from what an infinitive acts on', () => {
    const formal =
      'Gostaria de um boleto de R$ 1.440,50 em nome da Distribuidora Horizonte, com vencimento para o dia 15 de dezembro. Desde já, agradeço.';
    expect(understand(formal).entities.contact_name).toBe('Distribuidora Horizonte');
    const story = 'O boleto nº 2045 já foi compensado? Quero confirmar antes de liberar a mercadoria.';
    expect(understand(story).entities.contact_name).toBeUndefined();
  });

  it('leaves out a name its own clause says to leave alone', () => {
    expect(understand('cancela o boleto da Paula, o do Rui não mexe').entities.contact_name).toBe('Paula');
    expect(understand('cancela o dele, o da Paula deixa como tá').entities.contact_name).toBeUndefined();
  });
});

describe('pt-BR: the request of a long message', () => {
  const read = readAt('2026-11-22T10:00:00-03:00');

  it('keeps a request corrected after an ellipsis in one sentence', () => {
    const out = read(
      'O Paulo ainda me deve os 600 reais da reforma. Emite um boleto pro Sítio Bela Vista de 2.400... não, 2.750, pra sexta que vem.',
    );
    expect(out.entities).toEqual({
      contact_name: 'Sítio Bela Vista',
      amount_cents: 275_000,
      due_date: '2026-11-27',
    });
    expect(out.conflicts).toBeUndefined();
  });

  it('takes a sentence that opens on the object as the order', () => {
    const out = read(
      'Ontem vendi uns R$ 2 mil no caixa. O Seu Valdir levou 12 caixas de ovos fiado. Boleto 390 Valdir pra quarta.',
    );
    expect(out.entities).toMatchObject({
      contact_name: 'Valdir',
      amount_cents: 39_000,
      due_date: '2026-11-25',
    });
  });

  it('leaves the question mark of a request asked as a question out of the message to send', () => {
    expect(read('consegue avisar a Carla que o boleto vence na sexta?').entities.message_content).toBe(
      'o boleto vence na sexta',
    );
  });
});

describe('pt-BR: business names, titles, addresses and sign-offs', () => {
  it.each([
    ['fala pra Mercearia Dois Irmãos que o boleto de dezembro ja foi gerado', 'Mercearia Dois Irmãos'],
    ['boleto 2.500 pra Academia Corpo em Forma dia 1º', 'Academia Corpo em Forma'],
    ['Por favor mande uma mensagem para o senhor Benedito dizendo: bom dia', 'Benedito'],
    [
      'olha, a dona Cida da Rua das Acácias 312 pediu parcelado, então gera um boleto de 400 pra ela pra dia 10',
      'Cida',
    ],
  ])('"%s" -> %s', (text, name) => {
    expect(understand(text).entities.contact_name).toBe(name);
  });

  it.each([
    [
      'Favor gerar boleto de -450,00 para Lúcia Andrade com vencimento amanhã (ajuste do contrato 88).',
      {
        contact_name: 'Lúcia Andrade',
        due_date: '2026-11-23',
      },
    ],
    [
      'Prezados, solicito o cancelamento do boleto nº 1312, emitido em duplicidade para a NF 4410.',
      { boleto_id: 1312 },
    ],
  ])(
    'a document\'s number (NF, contrato, pedido) is neither an amount nor a boleto: "%s"',
    (text, entities) => {
      expect(understand(text).entities).toEqual(entities);
    },
  );

  it.each([
    ['cancela o boleto 872, o Sérgio do escritório emitiu errado', { boleto_id: 872 }],
    ['a Juliana, minha sócia, quer saber se o boleto nº 2210 já foi pago', { boleto_id: 2210 }],
    ['cancela o boleto 872 do João', { boleto_id: 872, contact_name: 'João' }],
  ])('with its number, a boleto keeps only a name cued as its own: "%s"', (text, entities) => {
    expect(understand(text).entities).toEqual(entities);
  });

  it.each([
    ['me mostra os boletos vencidos do Mercadinho São Jorge ME', 'Mercadinho São Jorge ME'],
    ['Para o fechamento, preciso da relação de todos os boletos com vencimento no dia 30.', undefined],
    ['o boleto do seu Jesus já foi pago? se Deus quiser sim', 'Jesus'],
  ])('company suffixes, and words that are no customer: "%s"', (text, name) => {
    expect(understand(text).entities.contact_name).toBe(name);
  });

  it('someone who "veio aqui dizendo que pagou" told a story; the question is about the boleto', () => {
    const out = understand('o rapaz da eletrica veio aqui dizendo que pagou, o 330 ainda ta em aberto?');
    expect(out.entities).toEqual({ boleto_id: 330 });
    expect(proposesWrite('o rapaz da eletrica veio aqui dizendo que pagou, o 330 ainda ta em aberto?')).toBe(
      false,
    );
  });

  it.each([
    ['boleto pra Padaria Pão Quente LTDA, CNPJ 12.345.678/0001-90, valor 780,00', 78_000],
    ['cobrar a Construtora Alicerce pela NF 4521 de 2026, manda um boleto de 12 mil', 1_200_000],
    ['boleto de trezentos e oitenta reais pro Lucas, pacote de 10 aulas práticas', 38_000],
    ['boleto pra Lúcia Helena: 3 caixas de 45 reais cada, total R$ 135', 13_500],
  ])('the amount beside a CNPJ, a document\'s year, a count or a unit price: "%s"', (text, cents) => {
    expect(understand(text).entities.amount_cents).toBe(cents);
  });

  it('"Rua Sete de Setembro" is a street, not the 7th of September', () => {
    const out = understand('Pro Zé (oficina da Rua Sete de Setembro) faz um boleto de 320 pra segunda');
    expect(out.entities.due_date).toBe('2026-11-23');
  });

  it.each([
    ['a Vera pagou um hj, me lista os outros boletos dela', undefined],
    // Past tenses with no regular ending ("foi", "teve") tell of the day too.
    ['hj o dia foi corrido, me mostra os boletos vencidos do Gustavo', undefined],
    ['esse mês teve as noivas do dia 14 e eu me perdi, quais boletos tão vencidos?', undefined],
    // A day in a clause about something else; unless the list points back to it.
    ['lista os boletos pagos da Doce Mel, quero conferir antes de mandar o pedido na terça', undefined],
    ['o fornecedor vem cobrar na terça, então me diz quais boletos vencem nesse dia', '2026-11-24'],
    ['e segunda, vence alguma coisa?', '2026-11-23'],
    ['listei os vencidos ontem mas apaguei sem querer, me manda de novo a lista', undefined],
    ['o que venceu ontem?', '2026-11-21'],
    ['e os de amanhã?', '2026-11-23'],
  ])('a list filters by a due day, not by the day something was done: "%s"', (text, dueDate) => {
    const out = understand(text);
    expect(out.intent).toBe('LIST_BOLETOS');
    expect(out.entities.due_date).toBe(dueDate);
  });

  it('"os" before a number is the article, not a document ("cobra os 300 do João")', () => {
    expect(understand('cobra os 300 do João amanhã').entities.amount_cents).toBe(30_000);
  });

  it('the numbers of an address are neither an amount nor a boleto', () => {
    expect(understand('faz boleto de 1.250 pro Hélio (rua 12, casa 40) pro dia 30').entities).toMatchObject({
      contact_name: 'Hélio',
      amount_cents: 125_000,
    });
  });

  it('a rented room\'s number is no boleto: "o rapaz do quarto 2, o Wellington"', () => {
    const out = understand(
      'o rapaz do quarto 2 o Wellington foi embora semana passada, entao pode cancelar o boleto dele desse mes por favor',
    );
    expect(out.intent).toBe('CANCEL_BOLETO');
    expect(out.entities).toEqual({ contact_name: 'Wellington' });
    // "quarto" as an ordinal still reads: the fourth business day.
    expect(
      understand('gera boleto de 200 pro Rui pro quarto dia útil de dezembro').entities.due_date,
    ).toBeDefined();
  });

  it.each([
    ['avisa a Patrícia que o boleto já tá no email dela 🙏', 'o boleto já tá no email dela'],
    ['manda pra Vera: Seu boleto já está disponível 😊', 'Seu boleto já está disponível 😊'],
  ])('a closing emoji is the writer\'s gesture when the text is told indirectly: "%s"', (text, content) => {
    expect(understand(text).entities.message_content).toBe(content);
  });

  it.each([
    ['manda um reminder pro Diego q o boleto vence sexta, please', 'o boleto vence sexta'],
    [
      'mandar uma mensagem pro Kleber falando que o boleto novo já tá no email dele tá',
      'o boleto novo já tá no email dele',
    ],
    ['avisa a Ana que o boleto já tá', 'o boleto já tá'],
    ['avisa a Dona Socorro que o boleto vence amanhã, visse', 'o boleto vence amanhã'],
    ['manda um reminder pro Kevin que o boleto vence tomorrow, ok?', 'o boleto vence tomorrow'],
    ['avisa a Ana que tá tudo ok', 'tá tudo ok'],
  ])('a closing "please" or spoken "tá" asks Iris, it is not sent: "%s"', (text, content) => {
    expect(understand(text).entities.message_content).toBe(content);
  });

  it('a verb after a lower-case name in a voice note is not part of it, nor is "daqui"', () => {
    const text =
      'ontem fui na obra do seu osvaldo terminei o telhado e ele pediu a cobrança então gera um boleto pra ele de três mil pra daqui a pro dia 30';
    expect(understand(text).entities.contact_name).toBe('osvaldo');
  });

  it('a number word with a capital inside a name is no amount', () => {
    expect(understand('gera boleto de 300 pra Padaria Sete Estrelas dia 10').entities).toMatchObject({
      contact_name: 'Padaria Sete Estrelas',
      amount_cents: 30_000,
    });
  });

  it('"em" joins a name only when it starts with a trade ("pra Ana em Curitiba" is Ana)', () => {
    expect(understand('gera um boleto de 200 pra Ana em Curitiba dia 10').entities.contact_name).toBe('Ana');
  });

  it('"o cara" is nobody\'s name', () => {
    expect(understand('CANCELA O BOLETO 509 AGORA Q O CARA JA PAGOU POR PIX').entities).toEqual({
      boleto_id: 509,
    });
  });

  it('a shouted role is no name ("O CLIENTE DESISTIU")', () => {
    expect(understand('CANCELA O BOLETO 1517 POR FAVOR O CLIENTE DESISTIU DA COMPRA').entities).toEqual({
      boleto_id: 1517,
    });
  });

  it.each([
    [
      'manda pro Beto: seu boleto foi cancelado, vou gerar outro. valeu',
      'seu boleto foi cancelado, vou gerar outro',
    ],
    [
      'mande para a Bia dizendo: seu boleto vence na sexta, favor não atrasar. Grato',
      'seu boleto vence na sexta, favor não atrasar',
    ],
    ['manda pra Bia: o boleto vence dia 30. Obrigado!', 'o boleto vence dia 30. Obrigado!'],
    ['manda pro Lu: já paguei, valeu', 'já paguei, valeu'],
    ['avisa a Ana que o preço tá bom', 'o preço tá bom'],
    [
      "Manda pra Dona Lurdes: 'Seu pedido já está pronto.' Ela encomendou pro aniversário do neto kkk",
      'Seu pedido já está pronto.',
    ],
  ])('the text to send of "%s" is "%s"', (text, content) => {
    expect(understand(text).entities.message_content).toBe(content);
  });
});

describe('pt-BR: a boleto number in the story around a request', () => {
  const read = readAt('2027-01-08T09:00:00-03:00');

  it('a figure told in passing is no boleto number', () => {
    const out = read(
      'Eita, emiti o boleto da Lanchonete Bom Sabor com o valor errado, coloquei 350 em vez de 530. Cancela o da Lanchonete Bom Sabor pfv',
    );
    expect(out.entities).toEqual({ contact_name: 'Lanchonete Bom Sabor' });
  });

  it("a number said as a boleto's is, and the request refers back to it", () => {
    const out = read(
      'O cliente do boleto 347 desistiu da encomenda. Não tem por que cobrar. Cancela ele pra mim.',
    );
    expect(out.entities).toEqual({ boleto_id: 347 });
  });

  it('a request that names its boleto takes no one from the story', () => {
    const out = read(
      'o seu Antonio veio reclamar q tava sendo cobrado duas vezes. so pra eu ter certeza: o boleto 1203 ta pago ou em aberto?',
    );
    expect(out.entities).toEqual({ boleto_id: 1203 });
  });
});

describe('pt-BR: office writing, spoken tags and names said twice', () => {
  const read = readAt('2026-11-25T15:30:00-03:00');

  it.each([
    ['Quais boletos do Sr. Anselmo ainda não foram pagos?', 'Anselmo'],
    [
      'Prezada, poderia verificar se a Transportadora Rápido Sul já quitou o boleto?',
      'Transportadora Rápido Sul',
    ],
    ['cancela o boleto do Roberto não pera do Robson do Robson', 'Robson'],
    ['o do Leandro ainda não, mas o boleto da Sofia pode cancelar', 'Sofia'],
    [
      'a mãe do Lucas pediu o boleto das aulas aí gera pra mim no nome da Renata é quatrocentos e vinte reais vence dia 20',
      'Renata',
    ],
  ])('"%s" -> %s', (text, name) => {
    expect(read(text).entities.contact_name).toBe(name);
  });

  it('"em nome da" a company, at the start, is on whose behalf the writer asks', () => {
    expect(
      read('Em nome da Contabilidade Ribeiro, solicito boleto de 12 mil reais para o cliente Eduardo Tavares')
        .entities.contact_name,
    ).toBe('Eduardo Tavares');
  });

  it.each([
    ['Informe ao cliente Gustavo Lima que o boleto foi reemitido', 'Gustavo Lima', 'o boleto foi reemitido'],
    [
      'Encaminhe à Sra. Helena a seguinte mensagem: segue a segunda via do boleto',
      'Helena',
      'segue a segunda via do boleto',
    ],
    [
      'Favor comunicar à Distribuidora Norte que não haverá prorrogação',
      'Distribuidora Norte',
      'não haverá prorrogação',
    ],
    [
      'manda pra dona Cida falando que o boleto dela já tá no email dela viu',
      'Cida',
      'o boleto dela já tá no email dela',
    ],
  ])('"%s" sends to %s: "%s"', (text, name, content) => {
    expect(read(text).entities).toMatchObject({ contact_name: name, message_content: content });
  });
});

describe('pt-BR: texts to send after "assim" or a pronoun, and years', () => {
  it.each([
    [
      'iris manda pra Débora assim oi Débora o boleto das cortinas ficou em seiscentos reais',
      'oi Débora o boleto das cortinas ficou em seiscentos reais',
    ],
    [
      'manda uma mensagem pro gustavo fala pra ele que o boleto de novembro vence dia dez',
      'o boleto de novembro vence dia dez',
    ],
    [
      'o Wesley sumiu de novo. avisa ele que se nao pagar ate sexta vou suspender',
      'se nao pagar ate sexta vou suspender',
    ],
  ])('"%s" sends "%s"', (text, content) => {
    expect(understand(text).entities.message_content).toBe(content);
  });

  it('a bare year is no amount, but may be a boleto number; with "reais" it is money', () => {
    expect(
      understand('emite o boleto da matrícula 2027 pro Eduardo Almeida, R$ 1.100,00, vencimento dia 15')
        .entities.amount_cents,
    ).toBe(110_000);
    expect(understand('cancela o boleto 2027').entities.boleto_id).toBe(2027);
    expect(understand('gera boleto de 2027 reais pro João dia 10').entities.amount_cents).toBe(202_700);
    expect(understand('gera boleto de 2000 pro João dia 10').entities.amount_cents).toBe(200_000);
  });
});

describe('pt-BR: a text marked as word for word ("exatamente isso:", "assim ó")', () => {
  it.each([
    [
      'manda msg pro Tião dizendo exatamente isso: Tião, cancelei o boleto antigo, desconsidera 👍',
      'Tião, cancelei o boleto antigo, desconsidera 👍',
    ],
    [
      'fala pro Caio assim: o boleto venceu, desconsidera o anterior',
      'o boleto venceu, desconsidera o anterior',
    ],
    [
      'Iris manda pro Wellington assim ó oi Wellington o boleto tá atrasado',
      'oi Wellington o boleto tá atrasado',
    ],
  ])('"%s" sends "%s", and is a message to send', (text, content) => {
    expect(understand(text).entities.message_content).toBe(content);
    expect(proposesWrite(text)).toBe(true);
  });

  it('without the marker, a "desconsidera" after a pause still takes the message back', () => {
    expect(proposesWrite('manda pro Caio: o boleto venceu. esquece, deixa')).toBe(false);
  });
});

describe('pt-BR: plans the writer is thinking over, and what they will do themselves', () => {
  it('a boleto the writer is thinking of issuing is not proposed', () => {
    expect(
      proposesWrite(
        'a conta deles já tá em uns 1.200 eu tô pensando em gerar um boleto pra clínica de 1.200 pra dia 5 mas antes vou conversar com a veterinária depois eu te falo',
      ),
    ).toBe(false);
  });

  it('what the writer will charge themselves does not hide the order that follows it', () => {
    const text =
      'o Tonho tá me devendo mas esse eu cobro depois então gera um boleto pra Rosângela de 300 reais pra dia 10';
    expect(understand(text).intent).toBe('CREATE_BOLETO');
    expect(proposesWrite(text)).toBe(true);
    expect(proposesWrite('amanhã eu gero um boleto pra Juliana')).toBe(false);
  });
});

describe('pt-BR: a request beside what the writer will do later or for someone else', () => {
  it.each([
    'esquece o q eu ia fazer, so cancela o boleto da Marcinha msm',
    'errei o vencimento do 1999, cancela aí q eu faço outro depois',
    'cancela o 4017 e se o Caio chiar eu refaço depois',
    'avisa a Renata que o boleto dela vence terça. o aviso pro Diego eu mando eu mesmo depois',
    'faz um boleto de 1.440,50 pra Cristiane vencendo dia 10. o do Mauro só se ele fechar o pedido',
  ])('proposes the request: %s', (text) => {
    expect(proposesWrite(text)).toBe(true);
  });

  it.each([
    'amanhã eu gero um boleto pra Juliana',
    'e se eu cancelar o boleto 45, o cliente fica sabendo?',
    'eu ia mandar um boleto pro Thiago mas ele pediu pra esperar',
    'se o Heitor nao pagar ate sexta cancela o boleto dele',
  ])('proposes nothing: %s', (text) => {
    expect(proposesWrite(text)).toBe(false);
  });
});

describe('pt-BR: cancelling what Iris never did, and "cancel" in English', () => {
  it('a pix or a transfer is not a boleto to cancel', () => {
    expect(proposesWrite('cancela o pix que mandei pro Rafa')).toBe(false);
    expect(proposesWrite('estorna a transferência do Rafa')).toBe(false);
  });

  it('a stretched "cancelaaa" is a cancellation, with the mistake told after it', () => {
    expect(proposesWrite('cancelaaa o 42 pfv, gerei errado')).toBe(true);
  });

  it('"cancel" is a cancellation even with a story told after it', () => {
    const text = 'cancel o boleto 908 pls, gerei com valor errado';
    expect(understand(text)).toMatchObject({ intent: 'CANCEL_BOLETO', entities: { boleto_id: 908 } });
    expect(proposesWrite(text)).toBe(true);
  });
});

describe('pt-BR: a write declined in passing, next to the one asked for', () => {
  it.each([
    'não precisa mandar mensagem nenhuma não, só gera o boleto do seu Juvenal de 150 reais pra dia 15',
    'eu sei q vc n emite nota fiscal, entao so gera o boleto msm: 3 mil e 200 pra Oficina do Beto, vence segunda',
  ])('proposes the write asked for: %s', (text) => {
    expect(understand(text).intent).toBe('CREATE_BOLETO');
    expect(proposesWrite(text)).toBe(true);
  });

  it('another write declined does not hide a message to send', () => {
    expect(understand('não precisa gerar boleto, manda msg pro Pedro dizendo oi').intent).toBe(
      'SEND_MESSAGE',
    );
  });

  it.each(['não avisa a Ana ainda, eu falo com ela', 'não manda mensagem pro Pedro, ele já sabe'])(
    'a write declined alone is never proposed: %s',
    (text) => {
      expect(proposesWrite(text)).toBe(false);
    },
  );

  it('an aside in parentheses between the person and "que" stays out of the text to send', () => {
    expect(
      understand(
        'avisa o Beto (não a Marlene, esposa dele, ela não sabe de nada) que a segunda parcela já compensou',
      ).entities,
    ).toEqual({ contact_name: 'Beto', message_content: 'a segunda parcela já compensou' });
  });
});

describe('pt-BR: a text told indirectly is one sentence; "e" is not "é"; "vencem" introduces a due date', () => {
  it.each([
    [
      'Avisa a Sônia que o horário dela de terça mudou pra 14h. Ela não lê meus áudios kkk',
      'o horário dela de terça mudou pra 14h',
    ],
    [
      'manda pro Jorge que vou reemitir o boleto até amanhã. o dia hoje tá puxado',
      'vou reemitir o boleto até amanhã',
    ],
    [
      'manda um zap pra Loja Estilo Fino falando que o endereço é Av. Brasil 1500',
      'o endereço é Av. Brasil 1500',
    ],
    ['manda pra Bia: o boleto vence dia 30. Obrigado!', 'o boleto vence dia 30. Obrigado!'],
    ['ah e avisa o Marcos tambem que o boleto dele vence amanha', 'o boleto dele vence amanha'],
  ])('"%s" sends "%s"', (text, content) => {
    expect(understand(text).entities.message_content).toBe(content);
  });

  it('"e a Padaria Pão Quente, já pagou?" asks about the bakery; "é a Carla" introduces the writer', () => {
    expect(understand('e a Padaria Pão Quente, ja pagou?').entities.contact_name).toBe('Padaria Pão Quente');
    expect(understand('é a Carla, gera um boleto de 300 pro Pedro dia 10').entities.contact_name).toBe(
      'Pedro',
    );
  });

  it('a weekday told in passing is not the listing\'s date when "vencem" gives one', () => {
    expect(understand('Domingo e eu aqui trabalhando 😅 quais boletos vencem amanhã?').entities).toEqual({
      due_date: '2026-11-23',
    });
  });

  it.each([
    ['o boleto 1203 da padaria ja foi pago?', undefined],
    ['lista os boletos em aberto da padaria', undefined],
    ['cancela o boleto 377 da clínica, o paciente desistiu', undefined],
    ['MOSTRA OS BOLETOS VENCIDOS DA OFICINA', undefined],
    ['quais boletos da academia vencem amanhã?', undefined],
    ['o boleto da Padaria Estrela já foi pago?', 'Padaria Estrela'],
    ['o boleto do Rodrigo da oficina já foi pago?', 'Rodrigo'],
  ])('a trade alone after "da" is the writer\'s own business: "%s" -> %s', (text, name) => {
    expect(understand(text).entities.contact_name).toBe(name);
  });
});
