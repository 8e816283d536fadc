import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { PgWhatsappAuthStore } from '../../src/stores/whatsapp-auth-store';
import { TcpProxy } from '../chaos/tcp-proxy';
import { Harness } from '../support/harness';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/test-env';
import { waitFor, PAIRED } from './whatsapp-fakes';

/** One whatsapp process (whatsapp-intake-child.ts) and what it reported. */
class WhatsappProcess {
  readonly child: ChildProcess;
  readonly sent: { jid: string; text: string }[] = [];
  open = false;
  readonly exited: Promise<void>;

  /** The process' log (info and up): printed when the test fails, to say where it stopped. */
  readonly logPath = join(tmpdir(), `iris-wa-kill-${randomUUID().slice(0, 8)}.log`);

  constructor(env: Record<string, string>) {
    const log = openSync(this.logPath, 'a');
    this.child = fork(join(__dirname, 'whatsapp-intake-child.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', log, log, 'ipc'],
    });
    this.child.on('message', (message: { open?: boolean; sent?: { jid: string; text: string } }) => {
      if (message.open) this.open = true;
      if (message.sent) this.sent.push(message.sent);
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  write(jid: string, id: string, text: string): void {
    this.child.send({
      upsert: {
        type: 'notify',
        messages: [
          {
            key: { remoteJid: jid, fromMe: false, id },
            messageTimestamp: Math.floor(Date.now() / 1000),
            pushName: 'Ana',
            message: { conversation: text },
          },
        ],
      },
    });
  }
}

/**
 * WhatsApp has been told a message arrived before Iris has it: the whatsapp process must not
 * lose it if Redis is out of reach and the process is then killed outright. Real processes:
 * the whatsapp process is a child SIGKILLed with the message only in its spool; its Redis goes
 * through a TCP proxy the test cuts (the server stays up for the pipeline in this process).
 */
describe('WhatsApp intake through a Redis outage and a SIGKILL', () => {
  const h = new Harness();
  const pool = new Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  const account = `kill${randomUUID().slice(0, 8)}`;
  const spoolDir = mkdtempSync(join(tmpdir(), 'iris-wa-kill-'));
  const redisUrl = new URL(TEST_REDIS_URL);
  const proxy = new TcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  const processes: WhatsappProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    h.startPipelines(1);
    await new PgWhatsappAuthStore(pool).writeCreds(account, structuredClone(PAIRED));
    const port = await proxy.start();
    env = {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      DATABASE_URL: TEST_DATABASE_URL,
      IRIS_PREFIX: h.prefix,
      WA_ACCOUNT: account,
      WA_SPOOL_DIR: spoolDir,
    };
  });

  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await proxy.close();
    await h.close();
    await pool.query('DELETE FROM whatsapp_auth WHERE account = $1', [account]);
    await pool.end();
    rmSync(spoolDir, { recursive: true, force: true });
  });

  /** A wait that, when it fails, says what each whatsapp process logged last. */
  async function waitOrExplain(condition: () => boolean, timeoutMs: number): Promise<void> {
    try {
      await waitFor(condition, timeoutMs);
    } catch (error) {
      const tails = processes.map((p, i) => {
        const lines = readFileSync(p.logPath, 'utf8').trim().split('\n').slice(-15).join('\n');
        return `--- whatsapp process ${i + 1} (${p.logPath}), last lines:\n${lines}`;
      });
      throw new Error(`${(error as Error).message}\n${tails.join('\n')}`, { cause: error });
    }
  }

  const spooled = () =>
    existsSync(join(spoolDir, account))
      ? readdirSync(join(spoolDir, account)).filter((f) => f.endsWith('.json'))
      : [];

  it('a message taken while Redis is down survives a SIGKILL and is answered once after the restart', async () => {
    const { tenant } = await h.boletosTenant();
    const local = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
    await h.db.user.create({
      data: { tenantId: tenant.id, name: 'Ana', role: 'owner', phone: `55119${local}` },
    });
    const jid = `55119${local}@s.whatsapp.net`;

    const first = new WhatsappProcess(env);
    processes.push(first);
    await waitOrExplain(() => first.open, 30_000);
    proxy.cut(); // Redis out of reach for the whatsapp process
    first.write(jid, `3EBKILL${Date.now()}`, 'cria um boleto de R$ 150 pro João Silva pra dia 10/12/2099');
    await waitOrExplain(() => spooled().length === 1, 10_000);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(spooled()).toHaveLength(1); // acknowledged to WhatsApp, held only on disk
    expect(await h.db.action.count({ where: { tenantId: tenant.id } })).toBe(0);

    proxy.restore();
    const second = new WhatsappProcess(env);
    processes.push(second);
    await waitOrExplain(() => second.sent.some((m) => /Confirma\? \(Sim\/Não\)$/.test(m.text)), 60_000);
    await waitOrExplain(() => spooled().length === 0, 10_000);
    second.write(jid, `3EBSIM${Date.now()}`, 'sim');
    await waitOrExplain(() => second.sent.some((m) => /^Boleto nº 1 criado/.test(m.text)), 30_000);

    expect(second.sent.map((m) => [m.jid, m.text.split('\n')[0]])).toEqual([
      [jid, 'Vou criar um boleto de R$ 150,00 para João Silva, com vencimento em 10/12/2099.'],
      [jid, expect.stringMatching(/^Boleto nº 1 criado: R\$ 150,00 para João Silva/)],
    ]);
    expect(await h.db.boleto.count({ where: { tenantId: tenant.id } })).toBe(1);
  }, 120_000);
});
