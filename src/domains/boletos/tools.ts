import { PRODUCT } from '../../../config/product';
import { z } from 'zod';
import { DomainError } from '../../core/errors';
import { fillTemplate, formatDate, formatMoney } from '../../core/format';
import { formatDigitableLine } from '../boleto-issuing/febraban';
import { cancelBoletoCharge, issueBoleto, readPayer } from '../boleto-issuing/charges';
import { issuerOf } from '../boleto-issuing/issuer-of';
import type { Scope, ToolDefinition } from '../types';
import { boletosCatalog, type BoletosMessageKey } from './catalog';
import { syncWithProvider } from './charge-sync';
import { deliveryNow } from './delivery';
import { defineReadTool, defineWriteTool } from '../define-tool';
import { boletoToShow, findBoleto } from './boleto-by-number';
import { listPage, type ListedBoleto } from './boleto-list';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const WRITERS = ['owner', 'operator'] as const;

export const BOLETO_STATUSES = ['PENDING', 'PAID', 'CANCELLED', 'OVERDUE'] as const;

function boletoView(b: ListedBoleto) {
  return {
    number: b.number,
    amount_cents: b.amountCents,
    due_date: b.dueDate.toISOString().slice(0, 10),
    status: b.status,
    contact_name: b.contact.name,
    digitable_line: b.digitableLine,
    // Replies say a local boleto is registered with no bank, and link a provider's printable one.
    registered: b.provider !== 'local',
    pdf_url: b.pdfUrl,
  };
}

/** Boletos past their due date are shown OVERDUE while unpaid (the stored status stays PENDING until a job updates it). */
function effectiveStatus(b: { status: string; dueDate: Date }, today: string): string {
  return b.status === 'PENDING' && b.dueDate.toISOString().slice(0, 10) < today ? 'OVERDUE' : b.status;
}

const createInput = z.object({
  contact_id: z.string().uuid(),
  amount_cents: z.number().int().positive().max(PRODUCT.maxBoletoAmountCents),
  due_date: isoDate,
  /** Where the proposal said the boleto would be sent (Gate 3 fills it for registered boletos). */
  send_by: z.enum(['email', 'whatsapp']).optional(),
  send_to: z.string().min(1).optional(),
});

export const createBoleto = defineWriteTool<z.infer<typeof createInput>, Record<string, unknown>>({
  name: 'create_boleto',
  description: 'Cria um boleto para um contato existente, com valor em centavos e data de vencimento.',
  parameters: z.object({
    contact_name: z.string().min(1).describe('Nome do contato, como o usuário disse'),
    amount_cents: z.number().int().describe('Valor em centavos, exatamente como o usuário disse'),
    due_date: isoDate.describe('Data de vencimento (YYYY-MM-DD)'),
  }),
  input: createInput,
  allowedRoles: WRITERS,
  async execute(params, ctx) {
    const issuer = await issuerOf(ctx);
    // A provider registers the payer and the boleto may go to them: only then is the contact read
    // here (a local boleto's insert checks the contact itself, and returns its name).
    const contact = issuer.registered ? await readPayer(ctx, params.contact_id) : undefined;
    const delivery = contact ? await deliveryAsProposed(ctx, params, contact) : {};
    // The nonce is the charge's reference: at the provider too, so a run retried after a crash
    // finds its charge there instead of making a second one. Not sent to the customer (a local
    // boleto, delivery off, an address that changed): the owner gets its PDF to forward, through
    // the notices, after the commit.
    const { boleto } = await issueBoleto(
      ctx,
      contact ?? { id: params.contact_id },
      {
        amountCents: params.amount_cents,
        dueDate: params.due_date,
        reference: ctx.nonce,
        description: ctx.tenant.name,
      },
      { issuedNotice: !delivery.sent },
    );
    if (contact && delivery.sent) await queueForContact(ctx, contact, boleto, delivery.sent);
    return { ...boletoView(boleto), ...delivery };
  },
});

type Contact = Awaited<ReturnType<typeof readPayer>>;

/**
 * A registered boleto goes to the customer where the proposal said, in the same transaction as
 * the boleto (the deliverer sends it after the commit). Only there: when the contact's address
 * changed since the "sim", nothing is sent and the reply says so.
 */
async function deliveryAsProposed(
  ctx: Scope,
  params: z.infer<typeof createInput>,
  contact: Contact,
): Promise<{ sent?: { by: 'email' | 'whatsapp'; to: string } | null }> {
  if (!params.send_by || !params.send_to) return {};
  const now = await deliveryNow(ctx.db, ctx.tenant.id, contact);
  if (now.kind !== params.send_by || now.address !== params.send_to) return { sent: null };
  return { sent: { by: now.kind, to: now.address } };
}

async function queueForContact(
  ctx: Scope,
  contact: Contact,
  boleto: Parameters<typeof boletoView>[0] & { id: string },
  to: { by: 'email' | 'whatsapp'; to: string },
): Promise<void> {
  const view = boletoView(boleto);
  await ctx.db.queuedMessage.create({
    data: {
      tenantId: ctx.tenant.id,
      contactId: contact.id,
      content: fillTemplate(boletosCatalog.boleto_for_contact, {
        contact: contact.name,
        amount: formatMoney(view.amount_cents, 'pt-BR'),
        dueDate: formatDate(view.due_date, 'pt-BR'),
        line: formatDigitableLine(view.digitable_line),
        url: view.pdf_url ?? '',
      }),
      correlationId: ctx.correlationId,
      status: 'pending',
      channel: to.by,
      address: to.to,
      boletoId: boleto.id,
    },
  });
}

const numberInput = z.object({ boleto_id: z.number().int().positive() });
const numberParameters = z.object({ boleto_id: z.number().int().positive().describe('Número do boleto') });

export const cancelBoleto = defineWriteTool<z.infer<typeof numberInput>, Record<string, unknown>>({
  name: 'cancel_boleto',
  description: 'Cancela um boleto pendente pelo seu número.',
  parameters: numberParameters,
  input: numberInput,
  allowedRoles: WRITERS,
  async execute(params, ctx) {
    const boleto = await findBoleto(ctx.db, ctx.tenant.id, params.boleto_id);
    if (!boleto) throw new DomainError('boleto_not_found', { number: params.boleto_id });
    const outcome = await cancelBoletoCharge(ctx, boleto);
    if (!outcome.cancelled) throw notCancellable(boleto.number, outcome.status);
    const after = await findBoleto(ctx.db, ctx.tenant.id, params.boleto_id);
    if (!after) throw new DomainError('boleto_not_found', { number: params.boleto_id });
    return boletoView(after);
  },
});

function notCancellable(number: number, status: string): DomainError {
  return new DomainError('boleto_not_cancellable', {
    number,
    status: boletosCatalog[`status_${status}` as BoletosMessageKey] ?? status,
  });
}

const statusInput = z
  .object({ boleto_id: z.number().int().positive().optional(), contact_id: z.string().uuid().optional() })
  .refine((v) => v.boleto_id !== undefined || v.contact_id !== undefined, 'boleto_id or contact_id');

/**
 * The status of one boleto by its number, or of a contact's boletos when the person asked by
 * whose it is ("o boleto do Marcos já caiu?"): the newest five, with their statuses.
 */
export const getBoletoStatus = defineReadTool<z.infer<typeof statusInput>, Record<string, unknown>>({
  name: 'get_boleto_status',
  description: 'Consulta o status de um boleto pelo seu número, ou dos boletos de um contato.',
  parameters: z.object({
    boleto_id: z.number().int().positive().optional().describe('Número do boleto'),
    contact_name: z.string().optional().describe('Nome do contato, quando não há número'),
  }),
  input: statusInput,
  async execute(params, ctx) {
    if (params.boleto_id === undefined) {
      const where = { tenantId: ctx.tenant.id, contactId: params.contact_id };
      const shown = 5;
      const rows = await ctx.db.boleto.findMany({
        where,
        include: { contact: true },
        orderBy: [{ number: 'desc' }],
        take: shown,
      });
      // Fewer than a page is every boleto the contact has: no statement to count them.
      const total = rows.length < shown ? rows.length : await ctx.db.boleto.count({ where });
      return {
        total,
        status: null,
        contact_name: rows[0]?.contact.name ?? null,
        boletos: rows.map((b) => ({ ...boletoView(b), status: effectiveStatus(b, ctx.today) })),
      };
    }
    const stored = await boletoToShow(ctx, params.boleto_id);
    if (!stored) throw new DomainError('boleto_not_found', { number: params.boleto_id });
    const boleto = await syncWithProvider(ctx, stored);
    return { ...boletoView(boleto), status: effectiveStatus(boleto, ctx.today) };
  },
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const listInput = z.object({
  status: z.enum(BOLETO_STATUSES).optional(),
  contact_id: z.string().uuid().optional(),
  /** One due day ("o que vence amanhã?"), or a stretch of them, both ends included. */
  due_date: isoDay.optional(),
  due_from: isoDay.optional(),
  due_until: isoDay.optional(),
  limit: z.number().int().min(1).max(50).default(10),
});

export const listBoletos = defineReadTool<z.input<typeof listInput>, Record<string, unknown>>({
  name: 'list_boletos',
  description: 'Lista boletos, opcionalmente por status ou por contato.',
  parameters: z.object({
    status: z.enum(BOLETO_STATUSES).optional().describe('Filtrar por status'),
    contact_name: z.string().optional().describe('Filtrar pelo nome do contato'),
    due_date: z.string().optional().describe('Só os que vencem neste dia (AAAA-MM-DD)'),
    due_from: z.string().optional().describe('Só os que vencem a partir deste dia (AAAA-MM-DD)'),
    due_until: z.string().optional().describe('Só os que vencem até este dia (AAAA-MM-DD)'),
  }),
  input: listInput,
  async execute(raw, ctx) {
    const params = listInput.parse(raw);
    const { rows, total } = await listPage(ctx.db, {
      tenantId: ctx.tenant.id,
      contactId: params.contact_id,
      status: params.status,
      dueDate: params.due_date,
      dueFrom: params.due_from,
      dueUntil: params.due_until,
      today: ctx.today,
      limit: params.limit,
    });
    return {
      total,
      status: params.status ?? null,
      contact_name: params.contact_id ? (rows[0]?.contact.name ?? null) : null,
      due_date: params.due_date ?? null,
      due_from: params.due_from ?? null,
      due_until: params.due_until ?? null,
      boletos: rows.map((b) => ({ ...boletoView(b), status: effectiveStatus(b, ctx.today) })),
    };
  },
});

const queueInput = z.object({ contact_id: z.string().uuid(), message_content: z.string().min(1).max(1000) });

export const queueMessage: ToolDefinition<z.infer<typeof queueInput>> = {
  name: 'queue_message',
  description: 'Coloca uma mensagem na fila de envio para um contato existente.',
  parameters: z.object({
    contact_name: z.string().min(1).describe('Nome do contato'),
    message_content: z.string().min(1).describe('Texto da mensagem, como o usuário disse'),
  }),
  input: queueInput,
  category: 'Communication',
  requiresConfirmation: false,
  allowedRoles: WRITERS,
  version: 'v1',
  rateLimitPerMinute: 20,
  async execute(params, ctx: Scope) {
    const contact = await ctx.db.contact.findFirst({
      where: { id: params.contact_id, tenantId: ctx.tenant.id },
    });
    if (!contact) throw new DomainError('contact_not_found', { name: params.contact_id });
    // Sent when the tenant turned delivery on and the contact can receive it that way; kept on
    // record otherwise, and the reply says which (a message said to be sent must be sent).
    const delivery = await deliveryNow(ctx.db, ctx.tenant.id, contact);
    const sends = delivery.kind === 'email' || delivery.kind === 'whatsapp';
    await ctx.db.queuedMessage.create({
      data: {
        tenantId: ctx.tenant.id,
        contactId: contact.id,
        content: params.message_content,
        correlationId: ctx.correlationId,
        ...(sends ? { status: 'pending', channel: delivery.kind, address: delivery.address } : {}),
      },
    });
    return { contact_name: contact.name, delivery: delivery.kind, address: delivery.address ?? null };
  },
};

export const boletoTools = [createBoleto, cancelBoleto, getBoletoStatus, listBoletos, queueMessage];
