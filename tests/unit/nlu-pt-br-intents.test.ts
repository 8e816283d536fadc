import { boletosUnderstander as ptBrUnderstander } from '../../src/domains/boletos/understanding';

const ctx = {
  locale: 'pt-BR' as const,
  now: new Date('2026-11-22T10:00:00-03:00'),
  timeZone: 'America/Sao_Paulo',
};
const understand = (text: string) => ptBrUnderstander.understand(text, ctx);
/** Gate 2 of the pipeline asks for clarification below this confidence. */
const THRESHOLD = 0.7;

describe('pt-BR intents and confidence', () => {
  it.each([
    ['cria um boleto de 150 reais pro João pra amanhã', 'CREATE_BOLETO'],
    ['cancela o boleto 123', 'CANCEL_BOLETO'],
    ['qual o status do boleto 45?', 'CHECK_STATUS'],
    ['manda pro João dizendo que o boleto vence amanhã', 'SEND_MESSAGE'],
    ['quais boletos estão pendentes?', 'LIST_BOLETOS'],
    ['o que você faz?', 'GENERAL_QUESTION'],
    ['como funciona?', 'GENERAL_QUESTION'],
    ['bom dia!', 'GENERAL_QUESTION'],
  ])('is sure of a clear request: "%s" -> %s', (text, intent) => {
    const result = understand(text);
    expect(result.intent).toBe(intent);
    expect(result.confidence).toBeGreaterThanOrEqual(THRESHOLD);
  });

  it('reads an object with values and no verb as the request it is', () => {
    const result = understand('boleto de 350 reais pro Igor vencendo segunda');
    expect(result.intent).toBe('CREATE_BOLETO');
    expect(result.confidence).toBeGreaterThanOrEqual(THRESHOLD);
  });

  it('reads a send without a text as a send without content: Gate 3 asks for it', () => {
    expect(understand('manda o boleto pro joão').entities.message_content).toBeUndefined();
  });

  it('reads a bare verb as its intent: Gate 3 then asks for what is missing', () => {
    expect(understand('cancela')).toMatchObject({ intent: 'CANCEL_BOLETO', entities: {} });
    expect(understand('cria um boleto')).toMatchObject({ intent: 'CREATE_BOLETO', entities: {} });
  });

  it.each([
    ['a negated request', 'não cancela o boleto 45'],
    ['two writes in one message', 'cancela o boleto 45 e cria outro de 150'],
    ['a status question that names a write', 'o boleto 45 foi cancelado?'],
    ['a hypothesis', 'e se eu cancelar o boleto 45?'],
  ])('never proposes a write for %s (Gate 2 asks or it is a read)', (_why, text) => {
    const result = understand(text);
    const write = ['CREATE_BOLETO', 'CANCEL_BOLETO', 'SEND_MESSAGE'].includes(result.intent);
    expect(write && result.confidence >= THRESHOLD).toBe(false);
  });

  it.each([
    ['a lone object', 'boleto'],
    ['a lone number', '150'],
    ['a lone date', 'amanhã'],
    ['a lone name', 'joão'],
    ['gibberish', 'asdfghjkl'],
    ['an out-of-domain request', 'qual a previsão do tempo amanhã?'],
    ['paying, which Iris cannot do', 'paga o boleto 123'],
    ['a transfer', 'transfere 50 reais pro joão'],
  ])('acts on nothing for %s (UNKNOWN, or below the threshold)', (_why, text) => {
    const result = understand(text);
    expect(result.intent === 'UNKNOWN' || result.confidence < THRESHOLD).toBe(true);
  });

  it('is UNKNOWN with confidence 0 for empty or blank text', () => {
    expect(understand('')).toEqual({ intent: 'UNKNOWN', confidence: 0, entities: {} });
    expect(understand('   ')).toEqual({ intent: 'UNKNOWN', confidence: 0, entities: {} });
  });

  it('lets an action win over a greeting', () => {
    const result = understand('oi, cria um boleto de 150 pro joão amanhã');
    expect(result.intent).toBe('CREATE_BOLETO');
    expect(result.confidence).toBeGreaterThanOrEqual(THRESHOLD);
  });

  it('reads how-to questions as questions, unless they carry values', () => {
    expect(understand('como eu crio um boleto?').intent).toBe('GENERAL_QUESTION');
    expect(understand('como faço pra cancelar um boleto?').intent).toBe('GENERAL_QUESTION');
    expect(understand('vc consegue gerar boleto?').intent).toBe('GENERAL_QUESTION');
    expect(understand('vc consegue gerar um boleto de 150 pro João?').intent).toBe('CREATE_BOLETO');
    expect(understand('tem como gerar um boleto de 100 pra Bia amanhã?').confidence).toBeGreaterThanOrEqual(
      THRESHOLD,
    );
  });

  it('tells a list (plural) from a status check (one boleto)', () => {
    expect(understand('mostra os boletos pagos').intent).toBe('LIST_BOLETOS');
    expect(understand('o boleto 45 já foi pago?').intent).toBe('CHECK_STATUS');
    expect(understand('o boleto 12 ainda tá em aberto?').intent).toBe('CHECK_STATUS');
  });

  it('does not take "me fala" (asking the bot) for sending a message', () => {
    expect(understand('me fala o status do boleto 64').intent).toBe('CHECK_STATUS');
  });

  it.each([
    ['cria um bolto de 200 reais pro Paulo', 'CREATE_BOLETO'],
    ['gera um boelto de R$ 300 para a Juliana', 'CREATE_BOLETO'],
    ['cancelaa o boleto 88', 'CANCEL_BOLETO'],
    ['canselar o boleto 5', 'CANCEL_BOLETO'],
    ['statos do boleto 40', 'CHECK_STATUS'],
    ['mostra os bolteos pendentes', 'LIST_BOLETOS'],
    ['CRIA UM BOLETO DE 150 REAIS PRO JOAO', 'CREATE_BOLETO'],
    ['é... cria aí um boleto de cento e cinquenta pro joão pra sexta', 'CREATE_BOLETO'],
  ])('tolerates typos, missing accents and voice style: "%s"', (text, intent) => {
    const result = understand(text);
    expect(result.intent).toBe(intent);
    expect(result.confidence).toBeGreaterThanOrEqual(THRESHOLD);
  });
});

describe('pt-BR: a write put off for later, or wished by the customer, is not a second request', () => {
  it.each([
    ['cancela o 903 q saiu com valor errado, depois eu gero outro', 'CANCEL_BOLETO'],
    ['gera o boleto do Tiago de 780 pra dia 30, depois eu te peço pra mandar msg pra ele', 'CREATE_BOLETO'],
    ['a Sônia quer parcelar em 3x, entao gera so o primeiro boleto de 500 pra ela dia 10', 'CREATE_BOLETO'],
  ])('"%s" asks for %s', (text, intent) => {
    const result = understand(text);
    expect(result.intent).toBe(intent);
    expect(result.confidence).toBeGreaterThanOrEqual(THRESHOLD);
  });

  it.each([
    'parcela em 3x o da Fernanda',
    'cancela o 45 e cria outro de 150',
    'eu mesmo gero o boleto do João depois',
    'semana q vem vou precisar gerar um boleto de 700 pro Otavio',
    'da pra gerar boleto de 5 mil? tem valor maximo?',
  ])('still proposes nothing: "%s"', (text) => {
    const result = understand(text);
    const proposes = ['CREATE_BOLETO', 'CANCEL_BOLETO', 'SEND_MESSAGE'].includes(result.intent);
    expect(proposes && result.confidence >= THRESHOLD).toBe(false);
  });
});

describe('a request with a note about later is still the request', () => {
  it('"depois eu vejo com ela…" after a cancellation does not put the cancellation off', () => {
    const result = understand(
      'Iris cancela pra mim o boleto da Bianca Torres que eu mandei com o valor errado depois eu vejo com ela o valor certo e faco outro',
    );
    expect(result.intent).toBe('CANCEL_BOLETO');
    expect(result.confidence).toBeGreaterThanOrEqual(THRESHOLD);
  });

  it('"…mas depois eu vejo isso" still puts the wish off', () => {
    const result = understand('queria mandar um recado pro Fábio, mas depois eu vejo isso');
    expect(
      ['CREATE_BOLETO', 'CANCEL_BOLETO', 'SEND_MESSAGE'].includes(result.intent) &&
        result.confidence >= THRESHOLD,
    ).toBe(false);
  });
});

describe('a request asked as a question', () => {
  it('is a request when it is the only question', () => {
    const result = understand('consegue gerar um de 200 pro Caio?');
    expect(result.intent).toBe('CREATE_BOLETO');
    expect(result.confidence).toBeGreaterThanOrEqual(THRESHOLD);
  });
});
