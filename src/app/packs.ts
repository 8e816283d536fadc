import { boletosPack } from '../domains/boletos';
import { financePack } from '../domains/finance';
import type { Locale } from '../core/locale';
import type { DomainPack, DomainPackId } from '../domains/types';

/** The domain packs this deployment offers; a tenant picks one. Adding a pack: one line here. */
const PACKS: Partial<Record<DomainPackId, DomainPack>> = {
  boletos: boletosPack,
  finance: financePack,
};

export function packFor(id: DomainPackId): DomainPack {
  const pack = PACKS[id];
  if (!pack) throw new Error(`no domain pack "${id}" in this deployment`);
  return pack;
}

export function allPacks(): DomainPack[] {
  return Object.values(PACKS).filter((pack): pack is DomainPack => pack !== undefined);
}

/** The pack that speaks `locale` (each locale has one pack today; the CLIs pick by locale). */
export function packForLocale(locale: Locale): DomainPack {
  const pack = allPacks().find((p) => p.locale === locale);
  if (!pack) throw new Error(`no domain pack speaks ${locale} in this deployment`);
  return pack;
}
