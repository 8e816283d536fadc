import type { Understander, Understanding, UnderstandingContext } from '../../../../core/understanding';
import type { IntentReader, ModelInput } from '../../../../nlu/intent-model';
import { todayIn } from '../../../../nlu/civil-date';
import { prepare } from '../../../../nlu/pt-br/prepared-text';
import { Scan } from '../../../../nlu/pt-br/scan';
import { INTENTS, resolveEntities, type Intent } from './entities';
import { readMentions, type CondoMentions } from './mentions';
import { readPatch } from './patch';

/**
 * Offline understanding of Brazilian Portuguese for the condominium: the message is prepared
 * once (tokens, accents folded, typos corrected), its days, time window, spaces and guests are
 * read once; the intent comes from `readIntent` (the pack's trained model), then the mentions
 * become that intent's entities.
 */
export function createCondominioUnderstander(readIntent: IntentReader): Understander {
  return {
    understand(text: string, ctx: UnderstandingContext): Understanding {
      const scan = new Scan(prepare(text));
      const mentions = readMentions(scan, todayIn(ctx.now, ctx.timeZone));
      if (scan.tokens.length === 0) return { intent: 'UNKNOWN', confidence: 0, entities: {} };
      const decision = readIntent(modelInput(scan, mentions));
      const intent = (INTENTS as readonly string[]).includes(decision.intent)
        ? (decision.intent as Intent)
        : 'UNKNOWN';
      const { entities, conflicts } = resolveEntities(intent, mentions);
      return conflicts.length > 0
        ? { intent, confidence: decision.confidence, entities, conflicts }
        : { intent, confidence: decision.confidence, entities };
    },
    readPatch,
  };
}

/**
 * The message as the intent model reads it: canonical words with every value replaced by a
 * placeholder ("reserva o xespaco xdata xhora pra xpessoas"), so the model learns how requests
 * are phrased, never a day or a space's name; and what was found, as signals.
 */
export function modelInput(scan: Scan, mentions: CondoMentions): ModelInput {
  const placeholder = new Array<string | undefined>(scan.tokens.length);
  const mark = (from: number, to: number, word: string) => {
    placeholder[from] = word;
    for (let i = from + 1; i < to; i++) placeholder[i] = '';
  };
  if (mentions.notice) mark(mentions.notice.from, scan.tokens.length, 'xtexto');
  for (const d of mentions.dates) mark(d.from, d.to, 'xdata');
  for (const t of mentions.window.spans) mark(t.from, t.to, 'xhora');
  for (const s of mentions.spaces) mark(s.from, s.to, 'xespaco');
  for (const s of mentions.suppliers) mark(s.from, s.to, 'xfornecedor');
  for (const g of mentions.guests) mark(g.from, g.to, 'xpessoas');
  const { unit, infraction } = mentions.penalty;
  if (unit && unit.to > unit.from) mark(unit.from, unit.to, 'xunidade');
  if (infraction && infraction.to > infraction.from) mark(infraction.from, infraction.to, 'xinfracao');
  const words = scan.tokens.map((token, i) => placeholder[i] ?? token.text).filter((w) => w !== '');
  const signals: string[] = [];
  if (mentions.dates.some((d) => d.iso !== undefined)) signals.push('date');
  if (mentions.window.spans.length > 0) signals.push('time');
  if (mentions.window.start !== undefined && mentions.window.end !== undefined) signals.push('window');
  if (mentions.spaces.length > 0) signals.push('space');
  if (mentions.guests.length > 0) signals.push('guests');
  if (mentions.notice) signals.push('notice');
  if (unit) signals.push('unit');
  return { text: words.join(' '), signals };
}

/** The model input of a message as the understander computes it (training uses the same). */
export function condominioModelInput(text: string, ctx: UnderstandingContext): ModelInput {
  const scan = new Scan(prepare(text));
  return modelInput(scan, readMentions(scan, todayIn(ctx.now, ctx.timeZone)));
}
