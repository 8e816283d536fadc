import { isoDateInZone } from '../../src/core/format';

/** A day `days` ahead in São Paulo: as a resident types it ("dd/mm"), as shown, and as YYYY-MM-DD. */
export function ahead(days: number): { iso: string; typed: string; shown: string } {
  const iso = isoDateInZone(new Date(Date.now() + days * 86_400_000), 'America/Sao_Paulo');
  return {
    iso,
    typed: `${iso.slice(8, 10)}/${iso.slice(5, 7)}`,
    shown: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`,
  };
}
