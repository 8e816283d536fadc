import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/**
 * What a process sets up before it loads anything else: V8's compile cache, and WebAssembly
 * compiled once by the baseline compiler (Prisma's query compiler; README, "Memory"). Both must
 * come before the first import that reaches Prisma, so they are the entry's first two imports.
 */
describe('process entries', () => {
  const entries = [
    'workers/all-in-one.ts',
    'workers/channel.ts',
    'workers/pipeline.ts',
    'workers/transcriber.ts',
    'workers/web.ts',
    'bench/pipeline-child.ts',
  ];

  it.each(entries)('%s imports the compile cache and the WebAssembly setting first', (entry) => {
    const imports = readFileSync(join(root, entry), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('import '))
      .slice(0, 2)
      .map((line) => /'([^']+)'/.exec(line)?.[1]?.split('/').pop());
    expect(imports).toEqual(['compile-cache', 'wasm-baseline']);
  });

  it('lists every process of the Procfile', () => {
    const procfile = readFileSync(join(root, 'Procfile'), 'utf8');
    for (const [, file] of procfile.matchAll(/dist\/(workers\/[\w-]+)\.js/g))
      expect(entries).toContain(`${file}.ts`);
  });
});
