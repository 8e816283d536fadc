import type { Db } from '../types';

export type Delivery =
  | { kind: 'email' | 'whatsapp'; address: string }
  | { kind: 'off' | 'no_email' | 'no_phone' | 'no_opt_in'; address?: undefined };

/**
 * How a message to this contact leaves under the tenant's delivery mode. WhatsApp needs the
 * contact's recorded consent: unsolicited messages get a business number banned.
 */
export function deliveryFor(
  mode: string,
  contact: { email: string | null; phone: string | null; whatsappOptInAt: Date | null },
): Delivery {
  if (mode === 'email')
    return contact.email ? { kind: 'email', address: contact.email } : { kind: 'no_email' };
  if (mode !== 'whatsapp') return { kind: 'off' };
  if (!contact.phone) return { kind: 'no_phone' };
  return contact.whatsappOptInAt ? { kind: 'whatsapp', address: contact.phone } : { kind: 'no_opt_in' };
}

/** How a message to this contact leaves now, under the tenant's current delivery mode. */
export async function deliveryNow(
  db: Db,
  tenantId: string,
  contact: { email: string | null; phone: string | null; whatsappOptInAt: Date | null },
): Promise<Delivery> {
  const tenant = await db.tenant.findUniqueOrThrow({
    where: { id: tenantId },
    select: { messageDelivery: true },
  });
  return deliveryFor(tenant.messageDelivery, contact);
}
