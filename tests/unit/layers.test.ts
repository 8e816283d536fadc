import { join } from 'node:path';

/**
 * The dependency rules of `npm run lint` (.dependency-cruiser.cjs) hold on the code, and they
 * catch a backward import: a fixture tree where the pipeline imports the composition root.
 */
// dependency-cruiser is ESM-only; jest loads it through a dynamic import.
async function violations(baseDir: string, paths: string[]): Promise<string[]> {
  const { cruise } = (await import('dependency-cruiser')) as typeof import('dependency-cruiser', {
    with: { 'resolution-mode': 'import' },
  });
  const rules = require('../../.dependency-cruiser.cjs') as { forbidden: unknown[]; options: object };
  // Paths in the rules are relative to the tree's root, so the cruise runs from there.
  const cwd = process.cwd();
  process.chdir(baseDir);
  const result = await cruise(paths, {
    validate: true,
    ruleSet: { forbidden: rules.forbidden } as never,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
  }).finally(() => process.chdir(cwd));
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('layers', () => {
  it('fail on a deliberate backward import (pipeline -> app)', async () => {
    expect(await violations(join(__dirname, '../fixtures/layers'), ['src'])).toEqual([
      'pipeline-imports-inward: src/pipeline/turn.ts -> src/app/container.ts',
    ]);
  });

  it('hold on the code', async () => {
    expect(await violations(join(__dirname, '../..'), ['src', 'config'])).toEqual([]);
  }, 60_000);
});
