import { nextStatus } from '../../src/domains/boletos/charge-sync';
import { localIssuer } from '../../src/domains/boleto-issuing/local-issuer';
import { readAsaasEvent } from '../../src/providers/asaas/events';
import { chargeStateOf, statusOf } from '../../src/providers/asaas/payments';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils';

describe('what a provider says of a charge, in Iris statuses', () => {
  it("maps Asaas' payment statuses", () => {
    expect(statusOf({ status: 'PENDING' })).toBe('PENDING');
    expect(statusOf({ status: 'AWAITING_RISK_ANALYSIS' })).toBe('PENDING');
    expect(statusOf({ status: 'RECEIVED' })).toBe('PAID');
    expect(statusOf({ status: 'CONFIRMED' })).toBe('PAID');
    expect(statusOf({ status: 'RECEIVED_IN_CASH' })).toBe('PAID');
    expect(statusOf({ status: 'OVERDUE' })).toBe('OVERDUE');
    expect(statusOf({ status: 'REFUNDED' })).toBe('CANCELLED');
    expect(statusOf({ status: 'PENDING', deleted: true })).toBe('CANCELLED');
  });

  it('reads what was paid, in cents, and the day', () => {
    expect(
      chargeStateOf({ id: 'pay_1', status: 'RECEIVED', value: 150.35, paymentDate: '2026-12-03' }),
    ).toEqual({
      status: 'PAID',
      paidCents: 15035,
      paidAt: new Date('2026-12-03T12:00:00Z'),
    });
    expect(chargeStateOf({ id: 'pay_1', status: 'PENDING', value: 10 })).toEqual({ status: 'PENDING' });
  });

  it('reads a webhook event, and refuses a body that is not one', () => {
    const payment = { object: 'payment', id: 'pay_9', status: 'PENDING', value: 20, deleted: false };
    expect(readAsaasEvent({ id: 'evt_1', event: 'PAYMENT_DELETED', payment })).toEqual({
      eventId: 'evt_1',
      kind: 'PAYMENT_DELETED',
      charge: { providerRef: 'pay_9', state: { status: 'CANCELLED' } },
    });
    expect(readAsaasEvent({ id: 'evt_2', event: 'TRANSFER_DONE', transfer: {} })).toEqual({
      eventId: 'evt_2',
      kind: 'TRANSFER_DONE',
    });
    expect(readAsaasEvent({ event: 'PAYMENT_RECEIVED' })).toBeUndefined();
    expect(readAsaasEvent('PAYMENT_RECEIVED')).toBeUndefined();
    expect(
      readAsaasEvent({
        id: 'evt_3',
        event: 'PAYMENT_RECEIVED',
        payment: { id: 'pay_1', status: 'RECEIVED', value: '10' },
      }),
    ).toBeUndefined();
  });

  it('never un-pays a paid boleto on a late report; a refund undoes it', () => {
    expect(nextStatus('PENDING', 'PAID')).toBe('PAID');
    expect(nextStatus('OVERDUE', 'PAID')).toBe('PAID');
    expect(nextStatus('PAID', 'OVERDUE')).toBeUndefined();
    expect(nextStatus('PAID', 'PENDING')).toBeUndefined();
    expect(nextStatus('PAID', 'CANCELLED')).toBe('CANCELLED');
    expect(nextStatus('CANCELLED', 'PAID')).toBe('PAID');
    expect(nextStatus('PENDING', 'PENDING')).toBeUndefined();
  });
});

describe('the local issuer', () => {
  it('computes a valid line from the tenant and the confirmation, the same on a retry', async () => {
    const request = {
      tenantId: '3f0c6a52-1c7e-4f43-9a2e-6b1d2c3e4f50',
      reference: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      amountCents: 15000,
      dueDate: '2099-12-10',
      description: 'x',
      customer: { id: 'c', name: 'João', document: null, email: null, phone: null, providerRef: null },
    };
    const first = await localIssuer.issue(request);
    expect(isValidBoleto(first.digitableLine)).toBe(true);
    expect(await localIssuer.issue(request)).toEqual(first);
    const other = await localIssuer.issue({ ...request, reference: 'b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' });
    expect(other.digitableLine).not.toBe(first.digitableLine);
    expect(first).toMatchObject({ providerRef: null, pdfUrl: null });
  });
});
