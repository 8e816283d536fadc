import { z } from 'zod';
import { findPii, foreignPii, validateModelOutput, type OutputValidationInput } from '../../src/security';

/** Seed 003 §10.2: what the model answers is checked before any of it is used. */

const TENANT = '11111111-2222-4333-8444-555555555555';
const createBoleto = z
  .object({
    contact_name: z.string().min(1),
    amount_cents: z.number().int(),
    due_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  })
  .partial();

function input(overrides: Partial<OutputValidationInput>): OutputValidationInput {
  return {
    text: '',
    calls: [],
    declared: new Map([['create_boleto', createBoleto]]),
    userText: 'cria um boleto de 150 pro João amanhã',
    tenantId: TENANT,
    ...overrides,
  };
}

describe('validateModelOutput: function calls', () => {
  it('accepts a declared tool whose arguments parse, and returns the parsed arguments', () => {
    const result = validateModelOutput(
      input({ calls: [{ name: 'create_boleto', args: { contact_name: 'João', amount_cents: 15000 } }] }),
    );
    expect(result).toMatchObject({
      status: 'ok',
      isValid: true,
      call: { name: 'create_boleto', args: { contact_name: 'João', amount_cents: 15000 } },
    });
  });

  it('blocks a tool that was not offered', () => {
    const result = validateModelOutput(input({ calls: [{ name: 'cancel_boleto', args: { boleto_id: 3 } }] }));
    expect(result).toMatchObject({
      status: 'blocked',
      isValid: false,
      blocked: { reason: 'undeclared_tool', tool: 'cancel_boleto' },
    });
  });

  it('reports malformed arguments (wrong types, bad formats) and several different tools', () => {
    const wrongType = validateModelOutput(
      input({ calls: [{ name: 'create_boleto', args: { amount_cents: '150 reais' } }] }),
    );
    expect(wrongType).toMatchObject({ status: 'malformed', isValid: false });
    expect(wrongType.malformed).toMatch(/^create_boleto: amount_cents/);
    const badDate = validateModelOutput(
      input({ calls: [{ name: 'create_boleto', args: { due_date: 'amanhã' } }] }),
    );
    expect(badDate.status).toBe('malformed');
    const declared = new Map([
      ['create_boleto', createBoleto],
      ['list_boletos', z.object({}).partial()],
    ]);
    const several = validateModelOutput(
      input({
        declared,
        calls: [
          { name: 'create_boleto', args: {} },
          { name: 'list_boletos', args: {} },
        ],
      }),
    );
    expect(several.status).toBe('malformed');
  });

  it('drops unknown arguments with a warning, and strips HTML from string arguments', () => {
    const result = validateModelOutput(
      input({
        calls: [{ name: 'create_boleto', args: { contact_name: '<b>João</b>', confirmed: true } }],
      }),
    );
    expect(result.status).toBe('ok');
    expect(result.call?.args).toEqual({ contact_name: 'João' });
    expect(result.warnings).toEqual(
      expect.arrayContaining(['unknown_argument_dropped:confirmed', 'html_removed:contact_name']),
    );
  });

  it('blocks another tenant id and UUIDs the person did not give (cross-tenant)', () => {
    const other = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const tenantKey = validateModelOutput(
      input({ calls: [{ name: 'create_boleto', args: { contact_name: 'João', tenant_id: other } }] }),
    );
    expect(tenantKey).toMatchObject({ status: 'blocked', blocked: { reason: 'cross_tenant' } });
    const uuid = validateModelOutput(
      input({ calls: [{ name: 'create_boleto', args: { contact_name: other } }] }),
    );
    expect(uuid).toMatchObject({ status: 'blocked', blocked: { reason: 'cross_tenant' } });
  });

  it("blocks someone else's personal data in arguments, allows the person's own", () => {
    const foreign = validateModelOutput(
      input({ calls: [{ name: 'create_boleto', args: { contact_name: 'João 123.456.789-09' } }] }),
    );
    expect(foreign).toMatchObject({ status: 'blocked', blocked: { reason: 'foreign_pii' } });
    const own = validateModelOutput(
      input({
        userText: 'cria um boleto pro João, CPF 123.456.789-09',
        calls: [{ name: 'create_boleto', args: { contact_name: 'João 12345678909' } }],
      }),
    );
    expect(own.status).toBe('ok');
  });
});

describe('validateModelOutput: text answers', () => {
  it('redacts foreign PII, strips scripts, repairs broken UTF-16 and caps the length, with warnings', () => {
    const result = validateModelOutput(
      input({
        text: 'Fale com maria@example.com <script>alert(1)</script> ok \ud800 ' + 'a'.repeat(9000),
        maxTextTokens: 2000,
      }),
    );
    expect(result.status).toBe('ok');
    expect(result.sanitizedContent).not.toContain('maria@example.com');
    expect(result.sanitizedContent).not.toContain('<script>');
    expect(result.sanitizedContent).toContain('\ufffd');
    expect(result.sanitizedContent.length).toBeLessThanOrEqual(8000);
    expect(result.warnings).toEqual(
      expect.arrayContaining([
        'pii_redacted:email',
        'html_removed:text',
        'malformed_utf16_replaced',
        'text_truncated',
      ]),
    );
  });
});

describe('PII patterns', () => {
  it('finds CPF, CNPJ, phones, e-mails, CURP and RFC', () => {
    const kinds = findPii(
      'cpf 123.456.789-09 cnpj 12.345.678/0001-95 tel (11) 98765-4321 x@y.com GODE561231HDFRRN09 GODE561231AB1',
    ).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['cpf', 'cnpj', 'phone', 'email', 'curp', 'rfc']));
  });

  it('does not take amounts, dates or boleto numbers for personal data', () => {
    expect(findPii('boleto 12 de R$ 1.500,00 para 2026-12-10')).toEqual([]);
  });

  it('foreignPii ignores what the person wrote, in any formatting', () => {
    expect(foreignPii('CPF 12345678909', 'meu cpf é 123.456.789-09')).toEqual([]);
    expect(foreignPii('CPF 98765432100', 'meu cpf é 123.456.789-09')).toHaveLength(1);
  });
});
