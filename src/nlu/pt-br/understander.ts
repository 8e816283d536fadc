import type { Understander, Understanding, UnderstandingContext } from '../../core/understanding';
import { todayIn } from './calendar';
import { resolveEntities } from './entities';
import { classify } from './intents';
import { readMentions } from './mentions';
import { readPatch } from './patch';
import { prepare } from './prepared-text';
import { Scan } from './scan';

/**
 * Offline understanding of Brazilian Portuguese for the boletos domain: rules only, no model,
 * no network, a few microseconds per message. One message is prepared once (tokens, accents
 * folded, typos corrected), its mentions are read once in a fixed order (message text, dates,
 * times, ids, money, names), the intent is scored from cues and mentions, and the mentions are
 * then resolved into that intent's entities.
 */
export const ptBrUnderstander: Understander = {
  understand(text: string, ctx: UnderstandingContext): Understanding {
    const scan = new Scan(prepare(text));
    const mentions = readMentions(scan, todayIn(ctx.now, ctx.timeZone), { content: true });
    const { intent, confidence } = classify(scan, mentions);
    const { entities, conflicts } = resolveEntities(intent, mentions);
    return conflicts.length > 0
      ? { intent, confidence, entities, conflicts }
      : { intent, confidence, entities };
  },
  readPatch,
};
