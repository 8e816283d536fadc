import type { Understander, Understanding, UnderstandingContext } from '../../../../core/understanding';
import type { IntentReader, ModelInput } from '../../../../nlu/intent-model';
import { todayIn } from '../../../../nlu/civil-date';
import { resolveEntities } from './entities';
import { classify, INTENTS, type Intent } from './intents';
import { readMentions, type Mentions } from './mentions';
import { readPatch } from './patch';
import { requestSpan } from './request-span';
import { prepare } from '../../../../nlu/pt-br/prepared-text';
import { Scan } from '../../../../nlu/pt-br/scan';

/**
 * Offline understanding of Brazilian Portuguese for the boletos domain: no network, well
 * under a millisecond per message. One message is prepared once (tokens, accents folded, typos
 * corrected), its mentions are read once in a fixed order (message text, dates, times, ids,
 * money, names); the intent comes from `readIntent` (the pack's trained model), and the
 * mentions are then resolved into that intent's entities.
 */
export function createPtBrUnderstander(readIntent: IntentReader): Understander {
  return {
    understand(text: string, ctx: UnderstandingContext): Understanding {
      const scan = new Scan(prepare(text));
      const mentions = readMentions(scan, todayIn(ctx.now, ctx.timeZone), { content: true });
      if (scan.tokens.length === 0) return { intent: 'UNKNOWN', confidence: 0, entities: {} };
      const decision = readIntent(modelInput(scan, mentions));
      const intent = (INTENTS as readonly string[]).includes(decision.intent)
        ? (decision.intent as Intent)
        : 'UNKNOWN';
      const { entities, conflicts } = resolveEntities(intent, mentions, requestSpan(intent, scan));
      return conflicts.length > 0
        ? { intent, confidence: decision.confidence, entities, conflicts }
        : { intent, confidence: decision.confidence, entities };
    },
    readPatch,
  };
}

/**
 * The message as the intent model reads it: the canonical words (accents folded, known typos
 * corrected) with every value the readers took replaced by a placeholder ("gera boleto de
 * xvalor pro xnome pra xdata"), so the model learns how requests are phrased and never a name
 * or an amount; and what was found, as signals (`m:amount`, `m:id`, …).
 */
export function modelInput(scan: Scan, mentions: Mentions): ModelInput {
  const placeholder = new Array<string | undefined>(scan.tokens.length);
  const mark = (from: number, to: number, word: string) => {
    placeholder[from] = word;
    for (let i = from + 1; i < to; i++) placeholder[i] = '';
  };
  if (mentions.content) mark(mentions.content.from, mentions.content.to, 'xtexto');
  for (const d of mentions.dates) mark(d.from, d.to, 'xdata');
  for (const id of mentions.ids) mark(id.from, id.to, 'xnum');
  for (const a of mentions.amounts) mark(a.from, a.to, 'xvalor');
  for (const n of mentions.names) mark(n.from, n.to, 'xnome');
  const words = scan.tokens.map((token, i) => placeholder[i] ?? token.text).filter((w) => w !== '');
  const signals: string[] = [];
  if (mentions.amounts.length > 0) signals.push('amount');
  if (mentions.bare.length > 0) signals.push('number');
  if (mentions.dates.some((d) => d.iso !== undefined)) signals.push('date');
  if (mentions.ids.length > 0) signals.push('id');
  if (mentions.names.some((n) => n.rank === 1)) signals.push('recipient');
  else if (mentions.names.length > 0) signals.push('name');
  if (mentions.content !== undefined) signals.push('content');
  if (mentions.status !== undefined) signals.push('status');
  return { text: words.join(' '), signals };
}

/** The model input of a message as the understander computes it (training uses the same). */
export function ptBrModelInput(text: string, ctx: UnderstandingContext): ModelInput {
  const scan = new Scan(prepare(text));
  return modelInput(scan, readMentions(scan, todayIn(ctx.now, ctx.timeZone), { content: true }));
}

/** The hand-ordered rules (before the trained model), kept for comparison in `nlu:eval`. */
export const ptBrRuleUnderstander = createRuleUnderstander();

function createRuleUnderstander(): Understander {
  return {
    understand(text: string, ctx: UnderstandingContext): Understanding {
      const scan = new Scan(prepare(text));
      const mentions = readMentions(scan, todayIn(ctx.now, ctx.timeZone), { content: true });
      const { intent, confidence } = classify(scan, mentions);
      const { entities, conflicts } = resolveEntities(intent, mentions, requestSpan(intent, scan));
      return conflicts.length > 0
        ? { intent, confidence, entities, conflicts }
        : { intent, confidence, entities };
    },
    readPatch,
  };
}
