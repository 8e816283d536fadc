import { rememberedDueDate } from '../../src/domains/boletos/remembered';

describe('boletos: the due date a memory gives', () => {
  it.each([
    ['eu prefiro vencimento no dia 10', '2026-11-05', '2026-11-10'],
    ['eu prefiro vencimento no dia 10', '2026-11-10', '2026-12-10'],
    ['eu prefiro vencimento no dia 10', '2026-12-22', '2027-01-10'],
    ['meus boletos vencem sempre dia 31', '2027-01-31', '2027-02-28'],
    ['dia 5 é o melhor pra vencer', '2026-11-22', '2026-12-05'],
    ['prefiro que vença no dia primeiro', '2026-11-22', '2026-12-01'],
    ['eu sempre dou 5 dias de prazo', '2026-11-28', '2026-12-03'],
    ['prazo de 15 dias pros clientes', '2026-11-22', '2026-12-07'],
  ])('"%s" on %s: %s', (memory, today, due) => {
    expect(rememberedDueDate(memory, today)).toBe(due);
  });

  it.each(['meus clientes preferem receber por e-mail', 'o dia 40 é bom pra vencer', 'eu prefiro o dia 10'])(
    'gives nothing for "%s"',
    (memory) => {
      expect(rememberedDueDate(memory, '2026-11-22')).toBeUndefined();
    },
  );
});
