import { applyStarCorrections } from '../../src/nlu/star-correction';

/** Autocorrect fixes sent with an asterisk ("Neve *Neide") replace the word they fix. */

describe('applyStarCorrections', () => {
  it.each([
    ['me mostra todos os boletos da Neve *Neide', 'me mostra todos os boletos da Neide'],
    [
      'ô Iris, cancela o boleto da Salva que ela já me pagou no pix... Dalva*',
      'ô Iris, cancela o boleto da Dalva que ela já me pagou no pix',
    ],
    ['gera um bolero de 350 pro Caio vence sexta *boleto', 'gera um boleto de 350 pro Caio vence sexta'],
    [
      'manda msg pra Elenco *Elenice: oi Elenice, seu boleto já tá no seu email',
      'manda msg pra Elenice: oi Elenice, seu boleto já tá no seu email',
    ],
    [
      'preciso de um boleto pra Genial de 800 reais pra dia 10... Genilson* nao Genial',
      'preciso de um boleto pra Genilson de 800 reais pra dia 10',
    ],
    [
      'Pode cancelar o boleto do Cílio? *Célio. Ele desistiu da encomenda',
      'Pode cancelar o boleto do Célio?. Ele desistiu da encomenda',
    ],
    ['pague la lux 389.50 *luz', 'pague la luz 389.50'],
  ])('%s', (text, meant) => {
    expect(applyStarCorrections(text)).toBe(meant);
  });

  it.each([
    'responde *sim* pra confirmar', // WhatsApp bold, not a correction
    'gera boleto de 3*40 pro João', // arithmetic
    'cria boleto pro João de 150 *Obrigada', // nothing before resembles the marked word
    'cria boleto pro João de 150', // no mark at all
  ])('leaves "%s" as written', (text) => {
    expect(applyStarCorrections(text)).toBe(text);
  });
});
