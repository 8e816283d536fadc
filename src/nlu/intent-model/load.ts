import { readFileSync } from 'node:fs';
import { LinearIntentModel, type IntentModelArtifact } from './linear-model';

/**
 * The model at `path`, read on first use (nothing reads files at import time) and kept.
 * A missing or unreadable artifact fails loudly with the command that rebuilds it.
 */
export function lazyIntentModel(path: string): () => LinearIntentModel {
  let model: LinearIntentModel | undefined;
  return () => {
    if (model === undefined) {
      let artifact: IntentModelArtifact;
      try {
        artifact = JSON.parse(readFileSync(path, 'utf8')) as IntentModelArtifact;
      } catch (error) {
        throw new Error(`cannot read the intent model ${path} (rebuild it with "npm run nlu:train")`, {
          cause: error,
        });
      }
      model = new LinearIntentModel(artifact);
    }
    return model;
  };
}
