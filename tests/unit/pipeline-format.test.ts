import { fillTemplate, formatDate, formatMoney, isoDateInZone } from '../../src/core/format';
import { boletosPack } from '../../src/domains/boletos';
import { say } from '../../src/pipeline/catalog';

describe('money and dates as people read them', () => {
  it.each([
    [150_000, 'R$ 1.500,00'],
    [15_000, 'R$ 150,00'],
    [1, 'R$ 0,01'],
    [99, 'R$ 0,99'],
    [100, 'R$ 1,00'],
    [123_456, 'R$ 1.234,56'],
    [10_000_000, 'R$ 100.000,00'],
    [123_456_789, 'R$ 1.234.567,89'],
    [-2_550, '-R$ 25,50'],
  ])('pt-BR: %i cents is "%s" with a plain space', (cents, text) => {
    const formatted = formatMoney(cents, 'pt-BR');
    expect(formatted).toBe(text);
    // Never the no-break spaces Intl uses for currencies.
    expect(formatted).not.toMatch(/[\u00a0\u202f]/);
  });

  it.each([
    [120_050, '$1,200.50 MXN'],
    [5, '$0.05 MXN'],
  ])('es-MX: %i cents is "%s"', (cents, text) => {
    expect(formatMoney(cents, 'es-MX')).toBe(text);
  });

  it.each([
    ['2099-12-10', '10/12/2099'],
    ['2026-01-05', '05/01/2026'],
    ['2025-02-22', '22/02/2025'],
  ])('pt-BR shows %s as dd/mm/aaaa %s; es-MX keeps YYYY-MM-DD', (iso, text) => {
    expect(formatDate(iso, 'pt-BR')).toBe(text);
    expect(formatDate(iso, 'es-MX')).toBe(iso);
  });

  it("takes today's date in the tenant's zone, not the server's", () => {
    const instant = new Date('2026-03-01T02:30:00Z'); // still 28 Feb in São Paulo (UTC-3)
    expect(isoDateInZone(instant, 'America/Sao_Paulo')).toBe('2026-02-28');
    expect(isoDateInZone(instant, 'UTC')).toBe('2026-03-01');
  });

  it('a missing template parameter is an error, never a blank', () => {
    expect(fillTemplate('Oi {name}', { name: 'Ana' })).toBe('Oi Ana');
    expect(() => fillTemplate('Oi {name}', {})).toThrow('{name}');
  });

  it("renders the pack's proposal and result with formatted values", () => {
    expect(
      boletosPack.describeProposal(
        'create_boleto',
        { contact_name: 'João Silva', amount_cents: 150_000, due_date: '2099-12-10' },
        {} as never,
      ),
    ).toBe('Vou criar um boleto de R$ 1.500,00 para João Silva, com vencimento em 10/12/2099.');
    expect(
      boletosPack.render(
        'create_boleto',
        {
          number: 7,
          amount_cents: 1_050,
          due_date: '2026-01-05',
          status: 'PENDING',
          contact_name: 'Maria Oliveira',
          digitable_line: '00190000090114971860168524522114675860000102656',
        },
        {} as never,
      ).text,
    ).toBe(
      'Boleto nº 7 criado: R$ 10,50 para Maria Oliveira, vencimento em 05/01/2026.\n' +
        'Linha digitável: 00190.00009 01149.718601 68524.522114 6 75860000102656\n' +
        'Atenção: boleto de demonstração, não registrado em nenhum banco — não pode ser pago.',
    );
  });

  it('keeps the seed sentences verbatim (seed 000 gates, seed 003 §1.4 fallbacks)', () => {
    expect(say('pt-BR', 'input_empty')).toBe('Não entendi. Pode repetir?');
    expect(say('pt-BR', 'intent_unclear')).toBe('O que você deseja?');
    expect(say('pt-BR', 'need_fields', { fields: 'o valor' })).toBe('Preciso saber: o valor');
    expect(say('pt-BR', 'confirm_question')).toBe('Confirma? (Sim/Não)');
    expect(say('pt-BR', 'operation_cancelled')).toBe('Operação cancelada.');
    expect(say('pt-BR', 'intent_not_understood')).toBe(
      'Desculpe, não entendi sua solicitação. Pode reformular?',
    );
    expect(say('pt-BR', 'confirmation_expired')).toBe('A proposta de ação expirou. Deseja que eu refaça?');
    expect(say('pt-BR', 'provider_error')).toBe(
      'Estou com dificuldades técnicas no momento. Tente novamente em alguns instantes.',
    );
    expect(say('pt-BR', 'action_failed', { reason: 'X' })).toBe(
      'Não foi possível completar a ação. Motivo: X. Deseja tentar novamente?',
    );
    expect(say('pt-BR', 'general_error')).toBe('Ocorreu um erro inesperado. Por favor, tente novamente.');
    expect(boletosPack.say('amount_not_positive')).toBe('O valor precisa ser positivo.');
    expect(boletosPack.say('amount_too_high')).toBe('O valor máximo permitido é R$ 100.000,00.');
    expect(boletosPack.say('due_date_past')).toBe('A data de vencimento não pode ser no passado.');
    expect(boletosPack.say('due_date_invalid')).toBe('Data de vencimento inválida.');
    expect(say('es-MX', 'confirm_question')).toBe('Responde: sí / no');
    expect(say('es-MX', 'confirm_reask')).toBe('Responde exactamente: sí / no');
  });
});
