import type { Locale } from '../core/locale';
import type { Understander, UnderstandingContext } from '../core/understanding';
import { DEFAULT_TIME_ZONE } from '../nlu';
import {
  asksForWrite,
  decideIntent,
  lazyIntentModel,
  LinearIntentModel,
  type IntentReader,
  type IntentTrainingSource,
  type ModelInput,
  type SpeechActRules,
} from '../nlu/intent-model';
import type { AnyTool, IntentSpec, PackIntentModel } from './types';
import { applyStarCorrections } from '../nlu/star-correction';
import { writeIntents } from './write-intents';

/**
 * What a pack needs to understand its messages offline, from what it declares: its locale's
 * readers (`createUnderstander`, `inputOf`), its speech acts, its training sentences and the
 * file of its trained model. The pack's understander, its intent-model description for
 * training, and its write check all come from here, so they can never disagree.
 */
export interface PackUnderstandingDeclaration {
  locale: Locale;
  intents: Readonly<Record<string, IntentSpec>>;
  tools: readonly AnyTool[];
  modelPath: string;
  training: IntentTrainingSource;
  speechActs: SpeechActRules;
  inputOf: (text: string, ctx: UnderstandingContext) => ModelInput;
  createUnderstander: (readIntent: IntentReader) => Understander;
}

export function packUnderstanding(pack: PackUnderstandingDeclaration): {
  understander: Understander;
  intentModel: PackIntentModel;
  asksForWrite: (intent: string, text: string) => boolean;
} {
  const model = lazyIntentModel(pack.modelPath);
  const writes = writeIntents(pack.intents, pack.tools);
  const understanderOf = (current: () => LinearIntentModel): Understander =>
    starCorrected(
      pack.createUnderstander((input) => decideIntent(input, current(), writes, pack.speechActs)),
    );
  const ctx = (): UnderstandingContext => ({
    locale: pack.locale,
    now: new Date(),
    timeZone: DEFAULT_TIME_ZONE[pack.locale],
  });
  return {
    understander: understanderOf(model),
    intentModel: {
      path: pack.modelPath,
      training: pack.training,
      inputOf: pack.inputOf,
      understanderWith: (artifact) => {
        const other = new LinearIntentModel(artifact);
        return understanderOf(() => other);
      },
    },
    // Only the masking of values matters here, not the clock: any "now" will do.
    asksForWrite: asksForWrite(
      writes,
      pack.speechActs,
      (text) => pack.inputOf(applyStarCorrections(text), ctx()).text,
    ),
  };
}

/** Every reading on the message as the person meant it: autocorrect fixes marked "*word" applied. */
function starCorrected(understander: Understander): Understander {
  return {
    understand: (text, ctx) => understander.understand(applyStarCorrections(text), ctx),
    readPatch: (text, ctx) => understander.readPatch(applyStarCorrections(text), ctx),
  };
}
