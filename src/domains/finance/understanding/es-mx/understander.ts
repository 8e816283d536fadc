import type { Understander, Understanding, UnderstandingContext } from '../../../../core/understanding';
import type { IntentReader, ModelInput } from '../../../../nlu/intent-model';
import { analyse, type Analysis } from './analysis';
import { todayIn } from '../../../../nlu/civil-date';
import { extractEntities } from './entities';
import { classify, INTENTS, saysIncome, type Intent } from './intents';
import { readPatch } from './patch';

/**
 * Offline understanding of Mexican Spanish for personal finance: the intent from `readIntent`
 * (the pack's trained model), the entities from the deterministic readers, in the user's words.
 * `transaction_type` (LOG_TRANSACTION) and `debt_action` (MANAGE_DEBT) ride along in `entities`
 * for the domain; the CLI does not print them.
 */
export function createEsMxUnderstander(readIntent: IntentReader): Understander {
  return {
    understand(text: string, ctx: UnderstandingContext): Understanding {
      const analysis = analyse(text);
      if (analysis.tokens.length === 0) return { intent: 'UNKNOWN', confidence: 0, entities: {} };
      // Read once: every cue pattern runs over the message (a sixth of the time of a reading).
      const income = saysIncome(analysis.shape);
      const decision = readIntent(modelInput(analysis, income));
      const intent = (INTENTS as readonly string[]).includes(decision.intent)
        ? (decision.intent as Intent)
        : 'UNKNOWN';
      return finish(intent, decision.confidence, analysis, ctx, income);
    },
    readPatch,
  };
}

function finish(
  intent: Intent,
  confidence: number,
  analysis: Analysis,
  ctx: UnderstandingContext,
  income: boolean,
): Understanding {
  const collected = extractEntities(intent, analysis, todayIn(ctx.now, ctx.timeZone), income);
  const understanding: Understanding = { intent, confidence, entities: collected.entities };
  if (collected.conflicts.length > 0) understanding.conflicts = collected.conflicts;
  return understanding;
}

/**
 * The message as the intent model reads it: folded, with amounts and dates replaced by
 * placeholders ("gaste xvalor en uber xdata"), so the model learns phrasing, not values; and
 * what the readers found, as signals (`m:amount`, `m:date`, `m:category`, `m:income`).
 */
export function modelInput(analysis: Analysis, income = saysIncome(analysis.shape)): ModelInput {
  const text = analysis.shape.replace(/¤+/g, ' xvalor ').replace(/§+/g, ' xdata ');
  const signals: string[] = [];
  if (analysis.money.length > 0) signals.push('amount');
  if (analysis.money.length > 1) signals.push('amounts');
  if (analysis.dates.length > 0) signals.push('date');
  if (analysis.categories.length > 0) signals.push('category');
  if (income) signals.push('income');
  return { text, signals };
}

export function esMxModelInput(text: string): ModelInput {
  return modelInput(analyse(text));
}

/** The hand-ordered rules (before the trained model), kept for comparison in `nlu:eval`. */
export const esMxRuleUnderstander: Understander = {
  understand(text: string, ctx: UnderstandingContext): Understanding {
    const analysis = analyse(text);
    const { intent, confidence, income } = classify({
      shape: analysis.shape,
      hasCategoryWord: analysis.categories.length > 0,
      hasAmount: analysis.money.length > 0,
    });
    return finish(intent, confidence, analysis, ctx, income);
  },
  readPatch,
};
