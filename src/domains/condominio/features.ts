/**
 * The condominium's feature flags (seed 003 §3.1): each turns a group of writes on or off for a
 * tenant, together with the roles. A new condominium starts with all of them; an operator turns
 * one off with `npm run iris -- tenant features --tenant jardim --off ai_penalties`. Reads
 * (availability, lists, occupancy) and rules questions need none.
 */
export const FEATURES = {
  /** Booking, cancelling, the guests and the fee steps. */
  reservations: 'ai_reservations',
  /** The síndico's notices to the residents. */
  notices: 'ai_notices',
  /** The síndico's fines. */
  penalties: 'ai_penalties',
} as const;

export const CONDOMINIO_FEATURES: readonly string[] = Object.values(FEATURES);
