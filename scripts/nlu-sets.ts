/**
 * The labeled sets of the understanding, one JSON object per line ({"text","now","intent",
 * "entities"}, optionally "conflicts", "tz" and "tags"):
 * - `fixtures`: tests/fixtures/nlu/<pack>.jsonl, written with the rules and trained on;
 * - `dev`: tests/fixtures/nlu/dev/<pack>.jsonl, written apart from the code by someone who saw
 *   only the intent and entity descriptions; trained on (each line `DEV_REPEAT` times) and tuned on, its honest
 *   figure out of fold (`npm run nlu:crossval`);
 * - `heldout`: tests/fixtures/nlu/heldout/<pack>.jsonl, written the same way by another
 *   author, frozen before tuning: never trained or tuned on, never edited.
 * Keyed by pack, not locale: two packs may speak one language (boletos and condomínio, pt-BR).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

export function fixturePath(packId: string, set: SetName = 'fixtures'): string {
  const dir = join(__dirname, '..', 'tests', 'fixtures', 'nlu');
  return set === 'fixtures' ? join(dir, `${packId}.jsonl`) : join(dir, set, `${packId}.jsonl`);
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
