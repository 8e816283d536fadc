import type { ProviderLocation } from '../src/core/text-generation';

/**
 * Data classification (seed 003 §10.4; docs/gemini.md "Data classes"): every source of text
 * that can enter a prompt has a class, fixed here, and a class reaches a provider only when the
 * table below lets it. A new source must be added here before any prompt can use it: the
 * prompt builder and the summarizer ask `mayReach` for each block they add.
 *
 * - operational: the request being handled and what is needed to read it;
 * - institutional: what the business publishes (its name, its documents, the pack's rules);
 * - personal: facts about a person (the user's profile, the contacts' names and tax ids, memories);
 * - sensitive: figures from the books and secrets; they never leave Iris.
 */
export type DataClass = 'operational' | 'institutional' | 'personal' | 'sensitive';

export const DATA_SOURCES = {
  /** The pack's template and the guardrails. */
  pack_instructions: 'institutional',
  /** The tenant's name, time zone and currency. */
  tenant_profile: 'institutional',
  /** Passages of the tenant's documents (the knowledge base). */
  knowledge_passages: 'institutional',
  /** Today's date and weekday in the tenant's time zone. */
  calendar: 'operational',
  /** The tools offered to this user: names, descriptions, argument schemas. */
  tool_catalog: 'operational',
  /** The message being read, after the injection detector and PII scrubbing. */
  user_message: 'operational',
  /** The person's earlier messages in this conversation, and their summary. */
  conversation_user_messages: 'operational',
  /** The user's name and phone. The role (owner, operator…) is operational. */
  user_profile: 'personal',
  /** The tenant's customers and contacts: names, CPF/CNPJ, phones, e-mails. */
  contact_directory: 'personal',
  /** What Iris remembers about a user (the memory of the knowledge issue). */
  user_memories: 'personal',
  /**
   * Iris' own replies: they carry figures read from the books (balances, amounts and statuses
   * of boletos, spending), so they are classed with the books.
   */
  assistant_replies: 'sensitive',
  /** Boletos, transactions, balances, budgets, debts as stored. */
  financial_records: 'sensitive',
  /** Provider keys, tokens, webhook secrets. */
  credentials: 'sensitive',
  /** A condominium's bookings: spaces, days, windows, units (seed 003 §10.4: operational). */
  reservation_history: 'operational',
  /** A condominium's spaces with their hours, capacity and free windows. */
  space_availability: 'operational',
  /** A condominium's regulations and assembly minutes (its knowledge documents). */
  regulations: 'institutional',
  /** Residents: who lives in which unit, the síndico. */
  resident_profiles: 'personal',
  /** Guests registered at the gate for a booking. */
  guest_lists: 'personal',
  /** The outside services (buffet, DJ…) a unit asked the administration to authorise for a booking. */
  supplier_requests: 'operational',
  /** Fines applied to units and their boletos. */
  penalties: 'personal',
} as const satisfies Record<string, DataClass>;

export type DataSource = keyof typeof DATA_SOURCES;

/**
 * Which classes each kind of provider may receive. Personal and sensitive data reach no cloud
 * provider; a local provider (on the operator's machines) gets the same two classes: seed 003
 * allows operational and institutional data to it, and a money product keeps people's data out
 * of every model by default. An operator who runs the model inside its own network and wants it
 * to see personal data adds 'personal' to `local`; nothing else changes.
 */
export const CLASSES_REACHING: Readonly<Record<ProviderLocation, readonly DataClass[]>> = {
  cloud: ['operational', 'institutional'],
  local: ['operational', 'institutional'],
};

export function mayReach(source: DataSource, location: ProviderLocation): boolean {
  return CLASSES_REACHING[location].includes(DATA_SOURCES[source]);
}
