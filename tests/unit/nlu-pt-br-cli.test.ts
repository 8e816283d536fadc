import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

function runCli(args: string[], input: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(tsx, [join(root, 'scripts', 'nlu.ts'), ...args], {
    input,
    encoding: 'utf8',
    cwd: root,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run nlu (scripts/nlu.ts)', () => {
  const now = ['--now', '2026-11-22T10:00:00-03:00'];

  it('prints one JSON object per input line, empty lines included', () => {
    const input = 'cria um boleto de 150 pro João pra sexta\n\nquais boletos estão pendentes?\n';
    const { status, stdout } = runCli(now, input);
    expect(status).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      {
        text: 'cria um boleto de 150 pro João pra sexta',
        intent: 'CREATE_BOLETO',
        confidence: expect.any(Number),
        entities: { contact_name: 'João', amount_cents: 15_000, due_date: '2026-11-27' },
      },
      { text: '', intent: 'UNKNOWN', confidence: 0, entities: {} },
      // `status` is internal: not printed.
      {
        text: 'quais boletos estão pendentes?',
        intent: 'LIST_BOLETOS',
        confidence: expect.any(Number),
        entities: {},
      },
    ]);
  });

  it('reads with the pack named by --pack (its locale and time zone come with it)', () => {
    const { status, stdout } = runCli(
      ['--pack', 'finance', '--now', '2026-11-22T10:00:00-06:00'],
      'gasté 250 en uber ayer\n',
    );
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      intent: 'LOG_TRANSACTION',
      entities: { amount_mxn_cents: 25_000, date_iso: '2026-11-21' },
    });
  });

  it('resolves dates in the zone given by --tz', () => {
    const lateNight = ['--now', '2026-06-01T02:30:00Z'];
    const saoPaulo = runCli(lateNight, 'cria um boleto de 10 pro João pra hoje\n');
    const utc = runCli([...lateNight, '--tz', 'UTC'], 'cria um boleto de 10 pro João pra hoje\n');
    expect(JSON.parse(saoPaulo.stdout).entities.due_date).toBe('2026-05-31');
    expect(JSON.parse(utc.stdout).entities.due_date).toBe('2026-06-01');
  });

  it.each([
    [['--locale', 'fr-FR'], '--locale'],
    [['--pack', 'seguros'], 'no domain pack "seguros"'],
    [['--locale', 'pt-BR'], 'several packs speak pt-BR'],
    [['--now', '2026-11-22'], '--now'],
    [['--now', 'amanhã'], '--now'],
    [['--tz', 'Mars/Olympus_Mons'], '--tz'],
    [['--verbose'], 'unknown option'],
    [['--tz'], 'needs a value'],
  ])('rejects %j with exit code 2 and a message on stderr', (args, message) => {
    const { status, stdout, stderr } = runCli(args, 'oi\n');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
  });
});
