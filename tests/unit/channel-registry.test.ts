import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHANNEL_MODULES, channelModule } from '../../src/app/channels/registry';
import { channelIdSchema } from '../../src/core/messages';

const ROOT = join(__dirname, '../..');

/** The channel registry is the one list of channels: the Procfile and the message ids follow it. */
describe('channel registry', () => {
  it('ids are unique and valid message channel ids', () => {
    const ids = CHANNEL_MODULES.map((module) => module.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(channelIdSchema.safeParse(id).success).toBe(true);
    expect(channelIdSchema.safeParse('Telegram!').success).toBe(false);
    expect(channelIdSchema.safeParse('').success).toBe(false);
  });

  it('the Procfile runs one process per channel that has its own, through workers/channel', () => {
    const lines = readFileSync(join(ROOT, 'Procfile'), 'utf8').trim().split('\n');
    const channelLines = lines.filter((line) => line.includes('workers/channel.js'));
    const expected = CHANNEL_MODULES.filter((module) => module.ownProcess).map(
      (module) => `${module.id}: node dist/workers/channel.js ${module.id}`,
    );
    expect(channelLines).toEqual(expected);
    for (const module of CHANNEL_MODULES.filter((m) => m.ownProcess)) expect(module.runProcess).toBeDefined();
  });

  it('looks channels up by id', () => {
    expect(channelModule('telegram')?.typing).toBe(true);
    expect(channelModule('console')?.ownProcess).toBe(false);
    expect(channelModule('fax')).toBeUndefined();
  });

  it('workers/channel.ts refuses an id that has no process, with the ones that do', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'workers/channel.ts', 'fax'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: workers/channel <telegram|whatsapp> (no channel process "fax")');
  });
});
