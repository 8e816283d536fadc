import { boletosPack } from '../../src/domains/boletos';
import type { Scope } from '../../src/domains/types';

/** At "sim", the boletos pack checks again only what the clock can change: the due date. */
describe('boletos: what a "sim" checks again', () => {
  const scope = (today: string) => ({ today }) as Scope;
  const create = { contact_id: 'c1', contact_name: 'João', amount_cents: 15_000, due_date: '2026-11-24' };

  it('a due date that was today when proposed is past after midnight', () => {
    expect(boletosPack.recheck('create_boleto', create, scope('2026-11-24'))).toBeUndefined();
    expect(boletosPack.recheck('create_boleto', create, scope('2026-11-25'))).toEqual({
      status: 'invalid',
      messageKey: 'due_date_past',
      field: 'due_date',
    });
    expect(boletosPack.say('due_date_past')).toBe('A data de vencimento não pode ser no passado.');
  });

  it('a proposal without a due date has nothing that time can break', () => {
    expect(boletosPack.recheck('cancel_boleto', { boleto_id: 7 }, scope('2030-01-01'))).toBeUndefined();
    expect(boletosPack.recheck('queue_message', { contact_id: 'c1' }, scope('2030-01-01'))).toBeUndefined();
  });
});
