import { BOLETOS_PROMPTS } from './prompts';
import { DefectError } from '../../core/errors';
import { fillTemplate, formatDate, formatMoney } from '../../core/format';
import type { DomainPack, Scope } from '../types';
import { boletosCatalog, type BoletosMessageKey } from './catalog';
import { formatDigitableLine } from '../boleto-issuing/febraban';
import { BOLETOS_INTENTS } from './intents';
import { boletosRemembered } from './remembered';
import { boletoTools } from './tools';
import { boletosAsksForWrite, boletosIntentModel, boletosUnderstander } from './understanding';
import { recheckBoletos, validateBoletos } from './validate';

function say(key: string, params?: Record<string, string | number>): string {
  const template = boletosCatalog[key as BoletosMessageKey];
  if (template === undefined) throw new DefectError(`boletos catalog has no sentence "${key}"`);
  return fillTemplate(template, params);
}

const money = (cents: unknown) => formatMoney(Number(cents), 'pt-BR');
const date = (iso: unknown) => formatDate(String(iso), 'pt-BR');
const statusName = (status: unknown) => say(`status_${String(status)}`);

interface BoletoResult {
  number: number;
  amount_cents: number;
  due_date: string;
  status: string;
  contact_name: string;
  digitable_line: string;
  registered?: boolean;
  pdf_url?: string | null;
  /** Where the boleto was sent to the customer; null when the address changed since the proposal. */
  sent?: { by: 'email' | 'whatsapp'; to: string } | null;
}

function sentSentence(b: BoletoResult): string {
  if (b.sent === undefined) return '';
  if (b.sent === null) return say('created_not_sent', { contact: b.contact_name });
  return b.sent.by === 'email'
    ? say('created_sent_email', { contact: b.contact_name, address: b.sent.to })
    : say('created_sent_whatsapp', { contact: b.contact_name, address: `+${b.sent.to}` });
}

/** The boletos pack (pt-BR, BRL): its rules are docs/specification.md#gates and the README's pack section. */
export const boletosPack: DomainPack = {
  id: 'boletos',
  locale: 'pt-BR',
  intents: BOLETOS_INTENTS,
  tools: boletoTools,
  understander: boletosUnderstander,
  currency: 'BRL',
  entities: ['contact_name', 'amount_cents', 'due_date', 'boleto_id', 'message_content'],
  intentModel: boletosIntentModel,
  prompts: BOLETOS_PROMPTS,
  asksForWrite: boletosAsksForWrite,
  fieldLabel: (field) => say(`field_${field}`),
  remembered: boletosRemembered,
  validate: validateBoletos,
  recheck: recheckBoletos,
  say,

  describeProposal(tool, params) {
    if (tool === 'create_boleto') {
      const values = {
        amount: money(params.amount_cents),
        contact: String(params.contact_name),
        dueDate: date(params.due_date),
      };
      if (params.send_by === 'email')
        return say('propose_create_send_email', { ...values, address: String(params.send_to) });
      if (params.send_by === 'whatsapp')
        return say('propose_create_send_whatsapp', { ...values, address: `+${String(params.send_to)}` });
      return say('propose_create', values);
    }
    if (tool === 'cancel_boleto') {
      const b = params.boleto as BoletoResult | undefined;
      if (b)
        return say('propose_cancel', {
          number: b.number,
          amount: money(b.amount_cents),
          contact: b.contact_name,
          dueDate: date(b.due_date),
        });
    }
    throw new Error(`no proposal sentence for ${tool}`);
  },

  render(tool, result, scope: Scope) {
    const b = result as unknown as BoletoResult;
    switch (tool) {
      case 'create_boleto':
        return {
          text: [
            say('created', {
              number: b.number,
              amount: money(b.amount_cents),
              contact: b.contact_name,
              dueDate: date(b.due_date),
              line: formatDigitableLine(b.digitable_line),
            }),
            // A result stored before providers existed has no `registered`: it was local.
            b.registered ? '' : say('created_not_registered'),
            b.pdf_url ? say('created_pdf', { url: b.pdf_url }) : '',
            sentSentence(b),
          ]
            .filter(Boolean)
            .join('\n'),
        };
      case 'cancel_boleto':
        return { text: say('cancelled', { number: b.number }) };
      case 'get_boleto_status':
        if (Array.isArray(result.boletos)) return { text: renderList(result as unknown as ListResult) };
        return {
          text: say('status', {
            number: b.number,
            amount: money(b.amount_cents),
            contact: b.contact_name,
            dueDate: date(b.due_date),
            status: statusName(b.status),
          }),
        };
      case 'list_boletos':
        return {
          text: renderList(result as unknown as ListResult),
        };
      case 'queue_message': {
        const contact = String(result.contact_name);
        const address = String(result.address);
        switch (result.delivery) {
          case 'email':
            return { text: say('message_queued_email', { contact, address }) };
          case 'whatsapp':
            return { text: say('message_queued_whatsapp', { contact, address: `+${address}` }) };
          case 'no_email':
            return { text: say('message_no_email', { contact }) };
          case 'no_phone':
            return { text: say('message_no_phone', { contact }) };
          case 'no_opt_in':
            return { text: say('message_no_opt_in', { contact }) };
          default:
            return { text: say('message_kept', { contact }) };
        }
      }
      default:
        void scope;
        throw new Error(`no reply for tool ${tool}`);
    }
  },

  answer() {
    return say('help');
  },
};

interface ListResult {
  total: number;
  status: string | null;
  contact_name: string | null;
  /** Absent in a result stored before lists filtered by due date. */
  due_date?: string | null;
  due_from?: string | null;
  due_until?: string | null;
  boletos: BoletoResult[];
}

function dueFilterWords(list: ListResult): string {
  if (list.due_date) return say('filter_due_on', { day: date(list.due_date) });
  if (list.due_from && list.due_until)
    return say('filter_due_between', { from: date(list.due_from), until: date(list.due_until) });
  if (list.due_until) return say('filter_due_until', { until: date(list.due_until) });
  if (list.due_from) return say('filter_due_from', { from: date(list.due_from) });
  return '';
}

function renderList(list: ListResult): string {
  const filters = [
    list.status ? say(`filter_${list.status}`) : '',
    list.contact_name ? say('filter_contact', { contact: list.contact_name }) : '',
    dueFilterWords(list),
  ]
    .filter(Boolean)
    .join(' ');
  // "Nenhum boleto com vencimento de 23/11 a 29/11.": says what was looked for. A status or a
  // contact alone keeps the plain sentence (the contact's name is not known when none matched).
  const due = dueFilterWords(list);
  if (list.total === 0) return due ? say('list_empty_filtered', { filter: due }) : say('list_empty');
  const header = filters
    ? say('list_header_filtered', { filter: filters, count: list.total })
    : say('list_header', { count: list.total });
  const lines = list.boletos.map((b) =>
    say('list_line', {
      number: b.number,
      amount: money(b.amount_cents),
      contact: b.contact_name,
      dueDate: date(b.due_date),
      status: statusName(b.status),
    }),
  );
  const more =
    list.total > list.boletos.length ? [say('list_more', { count: list.total - list.boletos.length })] : [];
  return [header, ...lines, ...more].join('\n');
}
