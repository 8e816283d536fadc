import { splitPassages } from '../../src/core/passages';
import { scrubPii } from '../../src/security/pii';

describe('knowledge documents: passages', () => {
  it('keeps a heading with its text, as its topic, and starts a passage at each heading', () => {
    const text =
      '# Multa e juros\n\nA multa é cobrada uma vez.\nOs juros, por dia.\n\n## Parcelas\n\nUm boleto por parcela.';
    expect(splitPassages(text)).toEqual([
      'Multa e juros: A multa é cobrada uma vez. Os juros, por dia.',
      'Parcelas: Um boleto por parcela.',
    ]);
  });

  it('merges short paragraphs and cuts a long one at sentence ends', () => {
    const sentence = 'Uma frase de exemplo que ocupa algum espaço. ';
    const passages = splitPassages(sentence.repeat(40), 300);
    expect(passages.length).toBeGreaterThan(5);
    for (const passage of passages) {
      expect(passage.length).toBeLessThanOrEqual(300);
      expect(passage.endsWith('.')).toBe(true);
    }
    expect(splitPassages('Primeiro.\n\nSegundo.\n\nTerceiro.')).toEqual(['Primeiro. Segundo. Terceiro.']);
  });
});

describe('knowledge documents: personal data scrubbing', () => {
  it('replaces each kind of personal data and says what it removed', () => {
    const { text, removed } = scrubPii(
      'Fale com a Sra. Helena Prado (CPF 123.456.789-09) em helena@exemplo.com, (11) 98765-4321, CEP 01310-100; ' +
        'cartão 4111 1111 1111 1111; CNPJ 12.345.678/0001-95.',
    );
    expect(text).toBe(
      'Fale com a [NOME_REMOVIDO] (CPF [CPF_REMOVIDO]) em [EMAIL_REMOVIDO], [TELEFONE_REMOVIDO], CEP [CEP_REMOVIDO]; ' +
        'cartão [CARTAO_REMOVIDO]; CNPJ [CNPJ_REMOVIDO].',
    );
    expect(removed.map((r) => r.kind).sort()).toEqual([
      'card',
      'cep',
      'cnpj',
      'cpf',
      'email',
      'phone',
      'titled_name',
    ]);
  });

  it('leaves amounts, dates, boleto numbers and card-like numbers that fail the check digit', () => {
    const text = 'Boleto nº 1203 de R$ 1.250,00, vencimento 10/12/2026. Pedido 1234 5678 9012 3456.';
    expect(scrubPii(text)).toEqual({ text, removed: [] });
  });
});
