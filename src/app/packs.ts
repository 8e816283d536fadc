import { boletosPack } from '../domains/boletos';
import { condominioPack } from '../domains/condominio';
import { financePack } from '../domains/finance';
import type { Locale } from '../core/locale';
import type { DomainPack, DomainPackId } from '../domains/types';

/** The domain packs this deployment offers; a tenant picks one. Adding a pack: one line here. */
const PACKS: Partial<Record<DomainPackId, DomainPack>> = {
  boletos: boletosPack,
  finance: financePack,
  condominio: condominioPack,
};

export function packFor(id: DomainPackId): DomainPack {
  const pack = PACKS[id];
  if (!pack) throw new Error(`no domain pack "${id}" in this deployment`);
  return pack;
}

export function allPacks(): DomainPack[] {
  return Object.values(PACKS).filter((pack): pack is DomainPack => pack !== undefined);
}

/**
 * The pack a command line names: `--pack <id>`, or `--locale <locale>` when exactly one pack
 * speaks it (es-MX: finance; pt-BR is spoken by boletos and condominio, so it needs `--pack`);
 * neither: boletos, the first pack.
 */
export function packNamed(options: { pack?: string; locale?: Locale }): DomainPack {
  if (options.pack === undefined && options.locale === undefined) return packFor('boletos');
  if (options.pack !== undefined) {
    const pack = allPacks().find((p) => p.id === options.pack);
    if (!pack)
      throw new Error(
        `no domain pack "${options.pack}" (packs: ${allPacks()
          .map((p) => p.id)
          .join(', ')})`,
      );
    return pack;
  }
  const locale = options.locale;
  const speaking = allPacks().filter((p) => p.locale === locale);
  if (speaking.length === 1) return speaking[0]!;
  throw new Error(
    speaking.length === 0
      ? `no domain pack speaks ${locale}`
      : `several packs speak ${locale} (${speaking.map((p) => p.id).join(', ')}): name one with --pack`,
  );
}
