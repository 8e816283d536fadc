import type { Scan } from '../../../../nlu/pt-br/scan';

/**
 * What a síndico's penalty names: the unit ("apto 101", "unidade 204", "bloco B 12", "casa 7")
 * and the infraction, in their words ("multa de barulho", "advertência por cachorro na
 * piscina", "… na unidade 101 por som alto"). Read on the message as typed; Gate 3 matches them
 * against the condominium's units and the infractions its regulations list. The tokens read are
 * claimed, so "101" is never a day or a number of guests.
 */
export interface PenaltyMentions {
  unit?: { text: string; from: number; to: number };
  infraction?: { text: string; from: number; to: number };
}

const UNIT =
  /\b(?:(?:unidade|apto|ap|apartamento|ape|casa)\.?\s*(\d{1,4}[a-z]?)\b(?:\s*(?:,|do|da)?\s*bloco\s+([a-z0-9])\b)?|bloco\s+([a-z0-9])\s*,?\s*(?:(?:apto|ap|apartamento|unidade)\.?\s*)?(\d{1,4}[a-z]?)\b)/i;
const PENALTY_WORD = /\b(?:multa|multar|multe|advert[êe]ncia|penalidade|penaliza|penalizar)\b/i;
/** "multa de barulho", "advertência por lixo no corredor": the words up to the unit or the clause's end. */
const AFTER_PENALTY =
  /\b(?:multa|advert[êe]ncia|penalidade)\s+(?:de|por|pelo|pela|do|da)\s+(.+?)(?=\s+(?:n[ao]s?|para|pra|pro|[àa]|ao)\s+(?:unidade|apto|ap|apartamento|casa|bloco|\d)|\s*[,.;!?]|$)/i;
/** "… na unidade 101 por som alto", "multa o 302 pelo cachorro": after the unit. */
const AFTER_POR = /\b(?:por|pelo|pela)\s+(?:causa\s+d[oa]s?\s+)?(.+?)(?=\s*[,.;!?]|$)/i;

/** "multa o 302 pelo cachorro", "advertência pro 204": a bare unit number after an article. */
const UNIT_BARE = /\b(?:n[oa]|pr[oa]|para o|para a|o|a)\s+(\d{2,4}[a-z]?)\b/i;

export function extractPenalty(scan: Scan): PenaltyMentions {
  const original = scan.text.original;
  if (!PENALTY_WORD.test(original)) return {};
  const found: PenaltyMentions = {};
  const unit = UNIT.exec(original);
  const bare = unit ? undefined : UNIT_BARE.exec(original);
  if (unit) {
    const number = unit[1] ?? unit[4]!;
    const block = unit[2] ?? unit[3];
    const text = block ? `bloco ${block.toUpperCase()} ${number}` : number;
    found.unit = { text, ...tokensOf(scan, unit.index, unit[0].length) };
  } else if (bare?.[1]) {
    found.unit = {
      text: bare[1],
      ...tokensOf(scan, bare.index + bare[0].length - bare[1].length, bare[1].length),
    };
  }
  const said = unit ?? bare;
  let infraction: { text: string; start: number } | undefined;
  const after = AFTER_PENALTY.exec(original);
  if (after?.[1]) infraction = { text: after[1], start: after.index + after[0].lastIndexOf(after[1]) };
  else {
    const base = said ? said.index + said[0].length : 0;
    const por = AFTER_POR.exec(original.slice(base));
    if (por?.[1]) infraction = { text: por[1], start: base + por.index + por[0].lastIndexOf(por[1]) };
  }
  if (infraction)
    found.infraction = {
      text: infraction.text.trim(),
      ...tokensOf(scan, infraction.start, infraction.text.length),
    };
  for (const part of [found.unit, found.infraction])
    if (part && part.to > part.from) scan.claim(part.from, part.to);
  return found;
}

function tokensOf(scan: Scan, start: number, length: number): { from: number; to: number } {
  const end = start + length;
  const from = scan.tokens.findIndex((token) => token.start >= start);
  let to = from;
  while (to >= 0 && to < scan.tokens.length && scan.tokens[to]!.end <= end) to++;
  return { from: Math.max(from, 0), to: Math.max(to, 0) };
}
