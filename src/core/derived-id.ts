import { createHash } from 'node:crypto';

/**
 * A UUID derived from another id and a purpose: the same inputs always give the same one. What
 * a confirmed action does besides itself (a booking's fee boleto, a flow's compensation) gets
 * its own exactly-once reference this way, so a retried run finds what the first one made.
 */
export function derivedUuid(id: string, purpose: string): string {
  const hex = createHash('sha256').update(`${id}:${purpose}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
