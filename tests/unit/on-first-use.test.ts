import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { onFirstUse } from '../../src/core/on-first-use';

describe('onFirstUse', () => {
  it('makes the value once, on the first call, and keeps it (undefined too)', () => {
    let made = 0;
    const value = onFirstUse(() => {
      made++;
      return undefined;
    });
    expect(made).toBe(0);
    expect(value()).toBeUndefined();
    expect(value()).toBeUndefined();
    expect(made).toBe(1);
  });
});

/**
 * The heavy libraries only some processes use are loaded by those, when they use them: a
 * process that loads the roles and the container (every process does) has none of them.
 */
describe('what every process loads at start', () => {
  it('has no PDF renderer, SMTP client, Gemini SDK or Telegram bot library', () => {
    const root = join(__dirname, '..', '..');
    const probe = `
      require('./src/app/roles');
      require('./src/app/container');
      const loaded = Object.keys(require.cache);
      const libraries = ['pdfkit', 'nodemailer', '@google/genai', 'grammy'];
      console.log(JSON.stringify(libraries.filter((name) => loaded.some((path) => path.includes('/node_modules/' + name + '/')))));
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', probe], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '' },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim())).toEqual([]);
  });
});
