import { groupText, maskAmounts } from '../../src/channels/whatsapp/group-amounts';
import { formatMoney } from '../../src/core/format';

describe('amounts in group replies', () => {
  it('masks every amount as Iris writes it, in both locales, signs included', () => {
    const pt = `Total: ${formatMoney(123456, 'pt-BR')}, saldo ${formatMoney(-500, 'pt-BR')}.`;
    const es = `Gastaste ${formatMoney(150050, 'es-MX')} de ${formatMoney(800000, 'es-MX')}.`;
    expect(maskAmounts(pt)).toBe('Total: R$ •••, saldo R$ •••.');
    expect(maskAmounts(es)).toBe('Gastaste $••• MXN de $••• MXN.');
  });

  it('leaves numbers that are not amounts: boleto numbers, dates, digitable lines', () => {
    const text = 'Boleto nº 12 vence em 10/12/2099. Linha: 34191.79001 01043.510047';
    expect(maskAmounts(text)).toBe(text);
  });

  it('masks only in groups with the setting on, never in a prompt to confirm', () => {
    const text = 'Você deve R$ 10,00.';
    const masked = 'Você deve R$ •••.';
    expect(groupText(text, { inGroup: true, amounts: 'masked', isConfirmationPrompt: false })).toBe(masked);
    expect(groupText(text, { inGroup: true, amounts: 'masked', isConfirmationPrompt: true })).toBe(text);
    expect(groupText(text, { inGroup: true, amounts: 'full', isConfirmationPrompt: false })).toBe(text);
    expect(groupText(text, { inGroup: false, amounts: 'masked', isConfirmationPrompt: false })).toBe(text);
  });
});
