import { boletosPack } from '../domains/boletos';
import { financePack } from '../domains/finance';
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
