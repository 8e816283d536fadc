import { PRODUCT } from '../../../config/product';
import { findContact } from '../contacts';
import type { Entities, RuleBroken, Scope, Validation } from '../types';
import { boletosCatalog } from './catalog';
import { deliveryNow } from './delivery';
import { issuerOf } from '../boleto-issuing/issuer-of';
import { BOLETOS_INTENTS } from './intents';
import { checkBoleto } from './boleto-by-number';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/**
 * Gate 3 for boletos (docs/specification.md#gates): required entities per intent, value rules with the specification's
 * messages, then references: the contact must exist in the tenant (ambiguous names are asked
 * back with the candidates), the boleto number must exist.
 */
export async function validateBoletos(intent: string, entities: Entities, scope: Scope): Promise<Validation> {
  const spec = BOLETOS_INTENTS[intent];
  if (!spec) return { status: 'missing', missing: [] };
  const missing = spec.required.filter((field) => entities[field] === undefined || entities[field] === '');
  if (missing.length > 0) return { status: 'missing', missing };
  if (intent === 'CHECK_STATUS' && entities.boleto_id === undefined && entities.contact_name === undefined)
    return { status: 'missing', missing: ['boleto_id'] };

  const amount = entities.amount_cents;
  if (amount !== undefined) {
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return { status: 'invalid', messageKey: 'amount_not_positive', field: 'amount_cents' };
    }
    if (amount > PRODUCT.maxBoletoAmountCents)
      return { status: 'invalid', messageKey: 'amount_too_high', field: 'amount_cents' };
  }
  const due = entities.due_date;
  if (due !== undefined) {
    if (typeof due !== 'string' || !isRealDate(due))
      return { status: 'invalid', messageKey: 'due_date_invalid', field: 'due_date' };
    // Only a new boleto's due date must lie ahead: a list may ask what fell due yesterday.
    if (intent === 'CREATE_BOLETO' && due < scope.today)
      return { status: 'invalid', messageKey: 'due_date_past', field: 'due_date' };
  }
  for (const field of ['due_from', 'due_until'] as const) {
    const day = entities[field];
    if (day !== undefined && (typeof day !== 'string' || !isRealDate(day)))
      return { status: 'invalid', messageKey: 'due_date_invalid', field: 'due_date' };
  }
  const content = entities.message_content;
  if (content !== undefined && String(content).trim() === '') {
    return { status: 'invalid', messageKey: 'message_empty', field: 'message_content' };
  }

  const params: Record<string, unknown> = {};
  const name = entities.contact_name;
  if (name !== undefined) {
    const match = await findContact(scope.db, scope.tenant.id, String(name));
    if (match.kind === 'none')
      return {
        status: 'not_found',
        field: 'contact_name',
        messageKey: 'contact_not_found',
        params: { name: String(name) },
      };
    if (match.kind === 'many') {
      return {
        status: 'ambiguous',
        field: 'contact_name',
        messageKey: 'contact_ambiguous',
        params: { candidates: match.candidates.map((c) => c.name).join(', ') },
      };
    }
    // A registered boleto names its payer: asked here, before a proposal the provider would refuse.
    if (intent === 'CREATE_BOLETO' && !match.contact.document && (await issuerOf(scope)).needsDocument)
      return {
        status: 'invalid',
        messageKey: 'contact_needs_document',
        params: { name: match.contact.name },
        field: 'contact_name',
      };
    params.contact_id = match.contact.id;
    params.contact_name = match.contact.name;
    // A registered boleto goes to the customer when the tenant delivers messages and the
    // contact can receive them: the proposal says where, so the "sim" covers the sending.
    if (intent === 'CREATE_BOLETO') Object.assign(params, await sendingOf(scope, match.contact));
  }
  const id = entities.boleto_id;
  if (id !== undefined) {
    const number = Number(id);
    const boleto = Number.isInteger(number) && number > 0 ? await checkBoleto(scope, number) : null;
    if (!boleto)
      return {
        status: 'not_found',
        field: 'boleto_id',
        messageKey: 'boleto_not_found',
        params: { number: String(id) },
      };
    if (intent === 'CANCEL_BOLETO' && (boleto.status === 'CANCELLED' || boleto.status === 'PAID')) {
      return {
        status: 'invalid',
        messageKey: 'boleto_not_cancellable',
        params: { number, status: boletosCatalog[`status_${boleto.status}`] },
        field: 'boleto_id',
      };
    }
    params.boleto_id = number;
    params.boleto = {
      number,
      amount_cents: boleto.amountCents,
      due_date: boleto.dueDate.toISOString().slice(0, 10),
      status: boleto.status,
      contact_name: boleto.contact.name,
      digitable_line: boleto.digitableLine,
    };
  }
  if (amount !== undefined) params.amount_cents = amount;
  if (due !== undefined) params.due_date = due;
  if (content !== undefined) params.message_content = String(content).trim();
  if (entities.status !== undefined) params.status = entities.status;
  if (entities.due_from !== undefined) params.due_from = entities.due_from;
  if (entities.due_until !== undefined) params.due_until = entities.due_until;
  return { status: 'pass', params };
}

async function sendingOf(
  scope: Scope,
  contact: { email: string | null; phone: string | null; whatsappOptInAt: Date | null },
): Promise<{ send_by?: 'email' | 'whatsapp'; send_to?: string }> {
  if (!(await issuerOf(scope)).registered) return {};
  const delivery = await deliveryNow(scope.db, scope.tenant.id, contact);
  return delivery.kind === 'email' || delivery.kind === 'whatsapp'
    ? { send_by: delivery.kind, send_to: delivery.address }
    : {};
}

/**
 * At "sim" (DomainPack.recheck): of the rules above, only a due date can stop holding while a
 * proposal waits, when midnight passes in between: a boleto due yesterday is never issued. The
 * contact and the boleto's status are checked by the tools inside their transaction.
 */
export function recheckBoletos(
  _tool: string,
  params: Record<string, unknown>,
  scope: Scope,
): RuleBroken | undefined {
  const due = params.due_date;
  if (typeof due === 'string' && due < scope.today)
    return { status: 'invalid', messageKey: 'due_date_past', field: 'due_date' };
  return undefined;
}
