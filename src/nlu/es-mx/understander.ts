import type { Understanding, UnderstandingContext } from '../../core/understanding';
import { analyse } from './analysis';
import { localDay } from './civil-date';
import { extractEntities } from './entities';
import { classify } from './intents';

/**
 * Reads one message: the intent with a confidence, and the entities in the user's words.
 * `transaction_type` (LOG_TRANSACTION) and `debt_action` (MANAGE_DEBT) ride along in `entities`
 * for the domain; the CLI does not print them.
 */
export function understand(text: string, ctx: UnderstandingContext): Understanding {
  const analysis = analyse(text);
  const { intent, confidence, income } = classify({
    shape: analysis.shape,
    hasCategoryWord: analysis.categories.length > 0,
    hasAmount: analysis.money.length > 0,
  });
  const collected = extractEntities(intent, analysis, localDay(ctx.now, ctx.timeZone), income);
  const understanding: Understanding = { intent, confidence, entities: collected.entities };
  if (collected.conflicts.length > 0) understanding.conflicts = collected.conflicts;
  return understanding;
}
