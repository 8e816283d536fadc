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
  /\b(?:(?:unidade|apto|apt|ap|apartamento|ape|apê|casa)\.?\s*(\d{1,4}[a-z]?)\b(?:\s*(?:,|do|da)?\s*bloco\s+([a-z0-9])\b)?|bloco\s+([a-z0-9])\s*,?\s*(?:(?:apto|apt|ap|apartamento|unidade)\.?\s*)?(\d{1,4}[a-z]?)\b)/i;
const PENALTY_WORD =
  /\b(?:multa|multar|multe|mutla|advert[êe]ncia|advertir|penalidade|penaliza|penalizar|warning)\b/i;
/**
 * "multa de barulho", "advertência por lixo no corredor": the words up to the unit or the
 * clause's end; never an amount ("multa de R$ 250 pro 903 por…": the fine is the regulations').
 */
const AFTER_PENALTY =
  /\b(?:multa|advert[êe]ncia|penalidade)\s+(?:de|por|pelo|pela|do|da)\s+(?!r\$|\d)(.+?)(?=\s+(?:n[ao]s?|para|pra|pro|[àa]|ao)\s+(?:unidade|apto|apt|ap|apartamento|casa|bloco|\d)|\s*[,.;!?]|$)/i;
/**
 * Right after the unit: "… no 45 q jogou lixo pela janela", "unidade 54 - cachorro solto",
 * "pro 88 pq ele tá usando a vaga", ", motivo: entulho na lixeira".
 */
const AFTER_UNIT =
  /^\s*(?:[,-–:]\s*)?(?:(?:motivo|raz[aã]o)\s*:\s*|(?:por causa d[oa]s?|porque|pq|por|pelo|pela|pelos|pelas|que|q)\s+|[-–:]\s*)(.+?)(?=\s*[.;!?]|$)/i;
/** "… por som alto", "multa o 302 pelo cachorro": after the unit, further on. */
const AFTER_POR = /\b(?:por|pelo|pela)\s+(?:causa\s+d[oa]s?\s+)?(.+?)(?=\s*[,.;!?]|$)/i;

/** "multa o 302 pelo cachorro", "advertência pro 204", "o 1104 do bloco 2": a bare unit number after an article. */
const UNIT_BARE =
  /\b(?:n[oa]|pr[oa]|para o|para a|o|a)\s+(\d{2,4}[a-z]?)\b(?:\s*,?\s*d[oa]\s+bloco\s+([a-z0-9])\b)?/i;
/** "no 302, não pera, foi o 303", "no 403, quer dizer 404": the unit said last is the one. */
const UNIT_CORRECTED =
  /[\s,]+(?:quer dizer|digo|ali[aá]s|ops|opa|n[aã]o(?:\s*,?\s*pera)?(?:\s*,?\s*(?:foi|era))?|pera(?:\s*,?\s*(?:foi|era))?|errei)\s*,?\s*(?:n?[oa]\s+)?(\d{2,4}[a-z]?)\b/i;

export function extractPenalty(scan: Scan): PenaltyMentions {
  const original = scan.text.original;
  if (!PENALTY_WORD.test(original)) return {};
  const found: PenaltyMentions = {};
  const unit = UNIT.exec(original);
  const bare = unit ? undefined : UNIT_BARE.exec(original);
  let said: { index: number; length: number } | undefined;
  if (unit) {
    const number = unit[1] ?? unit[4]!;
    const block = unit[2] ?? unit[3];
    const text = block ? `bloco ${block.toUpperCase()} ${number}` : number;
    found.unit = { text, ...tokensOf(scan, unit.index, unit[0].length) };
    said = { index: unit.index, length: unit[0].length };
  } else if (bare?.[1]) {
    const block = bare[2];
    const offset = bare.index + bare[0].indexOf(bare[1]);
    found.unit = {
      text: block ? `bloco ${block.toUpperCase()} ${bare[1]}` : bare[1],
      ...tokensOf(scan, offset, bare.index + bare[0].length - offset),
    };
    said = { index: bare.index, length: bare[0].length };
  }
  // "302, não pera, foi o 303": the unit said last stands; the words of the correction are
  // neither a day nor the infraction.
  let correction: { start: number; end: number } | undefined;
  if (said && found.unit) {
    const base = said.index + said.length;
    const corrected = UNIT_CORRECTED.exec(original.slice(base));
    if (corrected?.[1]) {
      correction = { start: base + corrected.index, end: base + corrected.index + corrected[0].length };
      const number = corrected[1];
      scan.claim(found.unit.from, found.unit.to);
      found.unit = { text: number, ...tokensOf(scan, correction.end - number.length, number.length) };
    }
  }
  let infraction: { text: string; start: number } | undefined;
  const after = AFTER_PENALTY.exec(original);
  if (after?.[1]) infraction = { text: after[1], start: after.index + after[0].lastIndexOf(after[1]) };
  else {
    const base = said ? said.index + said.length : 0;
    const rest = original.slice(base);
    const next = said ? AFTER_UNIT.exec(rest) : undefined;
    const por = next ?? AFTER_POR.exec(rest);
    if (por?.[1]) infraction = { text: por[1], start: base + por.index + por[0].lastIndexOf(por[1]) };
  }
  if (infraction && correction && infraction.start < correction.start)
    infraction.text = infraction.text.slice(0, Math.max(0, correction.start - infraction.start));
  if (infraction && infraction.text.trim())
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
