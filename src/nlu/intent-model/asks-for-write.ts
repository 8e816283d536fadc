import { foldForFeatures } from './features';
import { checkWrite, type SpeechActRules } from './write-evidence';

/**
 * A pack's `asksForWrite`: true for intents that do not write, else the write check on the
 * words as the pack's readers prepare them (`wordsOf`: canonical, values masked).
 */
export function asksForWrite(
  writes: ReadonlySet<string>,
  rules: SpeechActRules,
  wordsOf: (text: string) => string,
): (intent: string, text: string) => boolean {
  return (intent, text) =>
    !writes.has(intent) || checkWrite(intent, foldForFeatures(wordsOf(text)), rules).pass;
}
