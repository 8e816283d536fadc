import { readFileSync } from 'node:fs';
import { trainPack } from '../../scripts/nlu-train';
import { allPacks } from '../../src/app/packs';
import type { IntentModelArtifact } from '../../src/nlu/intent-model';

/**
 * The committed intent models are what `npm run nlu:train` produces from the code and data in
 * the repository: a change to a pack's templates, the fixtures or the trainer without
 * retraining fails here (and in `npm run nlu:train -- --check`).
 */
describe.each(allPacks().map((pack) => [pack.id, pack] as const))('the %s intent model', (_id, pack) => {
  it('matches what training produces', () => {
    const committed = JSON.parse(readFileSync(pack.intentModel.path, 'utf8')) as IntentModelArtifact;
    const { artifact } = trainPack(pack);
    expect(committed.trainedFrom).toBe(artifact.trainedFrom);
    expect(committed.classes).toEqual(artifact.classes);
    expect(Math.abs(committed.temperature - artifact.temperature)).toBeLessThanOrEqual(1e-3);
    const names = new Set([...Object.keys(committed.weights), ...Object.keys(artifact.weights)]);
    let largest = 0;
    for (const name of names) {
      const a = committed.weights[name] ?? [];
      const b = artifact.weights[name] ?? [];
      for (let k = 0; k < artifact.classes.length; k++)
        largest = Math.max(largest, Math.abs((a[k] ?? 0) - (b[k] ?? 0)));
    }
    expect(largest).toBeLessThanOrEqual(1e-3);
  });

  it('has one class per pack intent a message can ask for (not the later steps of a flow), plus UNKNOWN', () => {
    const committed = JSON.parse(readFileSync(pack.intentModel.path, 'utf8')) as IntentModelArtifact;
    const asked = Object.entries(pack.intents).filter(([, spec]) => !spec.flowStep);
    expect(committed.classes).toEqual([...asked.map(([name]) => name), 'UNKNOWN']);
  });
});
