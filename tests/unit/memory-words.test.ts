import { readMemoryCommand } from '../../src/pipeline/memory-words';

describe('memory commands, read in so many words', () => {
  it.each([
    [
      'pt-BR',
      'lembra que eu prefiro vencimento no dia 10',
      { kind: 'remember', description: 'eu prefiro vencimento no dia 10' },
    ],
    [
      'pt-BR',
      'Iris, lembre que meus clientes preferem boleto por e-mail.',
      { kind: 'remember', description: 'meus clientes preferem boleto por e-mail' },
    ],
    [
      'pt-BR',
      'não esquece que eu sempre dou 5 dias de prazo',
      { kind: 'remember', description: 'eu sempre dou 5 dias de prazo' },
    ],
    ['pt-BR', 'o que você lembra de mim?', { kind: 'list' }],
    ['pt-BR', 'oq vc sabe sobre mim', { kind: 'list' }],
    [
      'pt-BR',
      'esquece que eu prefiro vencimento no dia 10',
      { kind: 'forget', about: 'eu prefiro vencimento no dia 10' },
    ],
    ['pt-BR', 'esquece tudo o que você sabe de mim', { kind: 'forget_all' }],
    ['pt-BR', 'pare de lembrar das coisas', { kind: 'stop' }],
    ['pt-BR', 'pode lembrar', { kind: 'allow' }],
    [
      'es-MX',
      'recuerda que yo siempre pago la renta el día 5',
      { kind: 'remember', description: 'yo siempre pago la renta el día 5' },
    ],
    ['es-MX', '¿qué recuerdas de mí?', { kind: 'list' }],
    ['es-MX', 'que recuerdas de mi?', { kind: 'list' }],
    ['es-MX', 'olvida todo', { kind: 'forget_all' }],
    ['es-MX', 'deja de recordar cosas de mí', { kind: 'stop' }],
    [
      'es-MX',
      'olvida que mi tarjeta favorita es la Nu',
      { kind: 'forget', about: 'mi tarjeta favorita es la Nu' },
    ],
  ] as const)('%s "%s"', (locale, text, command) => {
    expect(readMemoryCommand(text, locale)).toEqual(command);
  });

  it.each([
    ['pt-BR', 'lembra o João que o boleto vence amanhã'],
    ['pt-BR', 'lembrar de cobrar a Carla amanhã'],
    ['pt-BR', 'manda um lembrete pro Caio... esquece, deixa'],
    ['pt-BR', 'esquece'],
    ['pt-BR', 'lembra que o boleto do João vence amanhã'],
    ['es-MX', 'recuérdale a Juan que me debe 500'],
    ['es-MX', 'gasté 200 en tacos, olvídalo'],
  ] as const)('%s "%s" is no memory command', (locale, text) => {
    expect(readMemoryCommand(text, locale)).toBeUndefined();
  });
});
