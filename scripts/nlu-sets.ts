/**
 * The labeled sets of the understanding, one JSON object per line ({"text","now","intent",
 * "entities"}, optionally "conflicts", "tz" and "tags"):
 * - `fixtures`: tests/fixtures/nlu/<locale>.jsonl, written with the rules and trained on;
 * - `dev`: tests/fixtures/nlu/dev/<locale>.jsonl, written apart from the code by someone who saw
 *   only the intent and entity descriptions; used to tune and to calibrate, never trained on;
 * - `heldout`: tests/fixtures/nlu/heldout/<locale>.jsonl, written the same way by another
 *   author, frozen before tuning: never trained or tuned on, never edited.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../src/core/locale';
import type { Understanding } from '../src/core/understanding';

export type SetName = 'fixtures' | 'dev' | 'heldout';
export const SET_NAMES: readonly SetName[] = ['fixtures', 'dev', 'heldout'];

export interface LabeledExample {
  text: string;
  now: string;
  intent: string;
  entities: Record<string, string | number>;
  conflicts?: Understanding['conflicts'];
  tz?: string;
  tags?: string[];
}

export function fixturePath(locale: Locale, set: SetName = 'fixtures'): string {
  const dir = join(__dirname, '..', 'tests', 'fixtures', 'nlu');
  return set === 'fixtures' ? join(dir, `${locale}.jsonl`) : join(dir, set, `${locale}.jsonl`);
}

export function loadExamples(path: string): LabeledExample[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), index }))
    .filter(({ line }) => line !== '')
    .map(({ line, index }) => {
      try {
        return JSON.parse(line) as LabeledExample;
      } catch (error) {
        throw new Error(`${path}:${index + 1}: not JSON`, { cause: error });
      }
    });
}
