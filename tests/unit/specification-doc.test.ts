import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/specification.md is what a maintainer reads for the decisions: every link into it from the
 * code and the docs must land on a heading, and no section may appear twice (an edit once
 * repeated two sections thousands of times and dropped the rest, unnoticed).
 */
const root = join(__dirname, '..', '..');
const spec = readFileSync(join(root, 'docs', 'specification.md'), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

const headings = spec
  .split('\n')
  .filter((line) => /^#{1,6} /.test(line))
  .map((line) => line.replace(/^#+ /, ''));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : filesUnder(path);
    return /\.(ts|md)$/.test(name) ? [path] : [];
  });
}

describe('docs/specification.md', () => {
  it('has each section once, and a reasonable size', () => {
    const seen = new Set<string>();
    for (const heading of headings) {
      expect(seen.has(heading) ? `twice: ${heading}` : heading).toBe(heading);
      seen.add(heading);
    }
    expect(spec.split('\n').length).toBeLessThan(2_000);
    expect(headings[0]).toBe('What Iris promises, and the decisions behind it');
  });

  it('has a heading for every link into it', () => {
    const anchors = new Set(headings.map(anchor));
    const sources = [
      join(root, 'README.md'),
      ...filesUnder(join(root, 'docs')),
      ...filesUnder(join(root, 'src')),
    ];
    const links = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/specification\.md#([a-z0-9-]+)/g)].map(
        (m) => `${m[1]} (${file})`,
      ),
    );
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((link) => !anchors.has(link.split(' ')[0]!))).toEqual([]);
  });
});
