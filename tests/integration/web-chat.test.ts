import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { startWebChat } from '../../src/app/channels/web-chat';
import { buildWeb } from '../../src/app/web';
import pino from 'pino';
import { startBoletoNotifier } from '../../src/app/boleto-notifier';
import { packFor } from '../../src/app/packs';
import { Harness } from '../support/harness';

/** One server-sent event as the tests read it. */
interface SeenEvent {
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the page would
  data: any;
  id?: string;
}

/** The web chat's HTTP side: sessions, messages, bad input, and the event stream. */
describe('web chat over HTTP', () => {
  const h = new Harness({ WEB_SESSION_SECRET: 'a-test-secret-that-is-long-enough-0123456789' });
  const app = buildWeb(h.container);
  let base: string;
  let boletos: Awaited<ReturnType<Harness['boletosTenant']>>;

  beforeAll(async () => {
    boletos = await h.boletosTenant();
    h.startPipelines(1, 4);
    await startWebChat(h.container, app, [boletos.tenant.slug]);
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.close();
    await h.close();
  });

  async function call(method: string, path: string, body?: unknown, cookie?: string) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const setCookie = res.headers.get('set-cookie')?.split(';')[0];
    return { status: res.status, json: text ? JSON.parse(text) : undefined, cookie: setCookie };
  }

  async function signInAsDemo(): Promise<string> {
    const res = await call('POST', '/chat/session', { demoUserId: boletos.user.id });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ state: 'signed-in', locale: 'pt-BR' });
    return res.cookie!;
  }

  /** Reads the event stream until `until` holds for the events seen, then closes it. */
  async function events(cookie: string, until: (seen: SeenEvent[]) => boolean, lastEventId?: string) {
    const controller = new AbortController();
    const res = await fetch(`${base}/chat/events`, {
      headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const seen: SeenEvent[] = [];
    const reader = res.body!.getReader();
    let buffer = '';
    while (!until(seen)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += Buffer.from(value).toString('utf8');
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith(':')) continue;
        const field = (name: string) =>
          block
            .split('\n')
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        seen.push({
          event: field('event') ?? 'message',
          data: JSON.parse(field('data') ?? '{}'),
          id: field('id'),
        });
      }
    }
    controller.abort();
    return seen;
  }

  it('the page and its files are served', async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<script src="/chat.js"></script>');
    expect((await fetch(`${base}/chat.css`)).status).toBe(200);
  });

  it('signed out: the demo users of the demo tenants only, and no way to send', async () => {
    const session = await call('GET', '/chat/session');
    expect(session.json.state).toBe('signed-out');
    expect(session.json.demoUsers).toEqual([
      expect.objectContaining({ id: boletos.user.id, tenantName: boletos.tenant.name, locale: 'pt-BR' }),
    ]);
    expect((await call('POST', '/chat/messages', { id: randomUUID(), text: 'oi' })).status).toBe(401);
    const other = await h.boletosTenant();
    expect((await call('POST', '/chat/session', { demoUserId: other.user.id })).status).toBe(404);
  });

  it('a forged or tampered cookie is no session', async () => {
    const cookie = await signInAsDemo();
    const [name, value] = cookie.split('=');
    const forged = `${name}=${value!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`;
    expect((await call('POST', '/chat/messages', { id: randomUUID(), text: 'oi' }, forged)).status).toBe(401);
    expect((await call('GET', '/chat/session', undefined, forged)).json.state).toBe('signed-out');
  });

  it('bad bodies get a clear status, never a crash', async () => {
    const cookie = await signInAsDemo();
    expect((await call('POST', '/chat/messages', '{not json', cookie)).status).toBe(400);
    expect((await call('POST', '/chat/messages', { text: 'no id' }, cookie)).status).toBe(400);
    expect((await call('POST', '/chat/messages', { id: randomUUID(), text: 42 }, cookie)).status).toBe(400);
    const huge = await call('POST', '/chat/messages', { id: randomUUID(), text: 'a'.repeat(20_001) }, cookie);
    expect(huge).toMatchObject({ status: 413, json: { error: 'too_long' } });
    expect((await call('POST', '/chat/session', { demoUserId: 'nope' })).status).toBe(400);
  });

  it('a message is answered on the event stream, with the confirmation buttons; a retried POST counts once', async () => {
    const cookie = await signInAsDemo();
    const id = randomUUID();
    const text = 'cria um boleto de 150 pro João Silva pra dia 10/12/2099';
    expect((await call('POST', '/chat/messages', { id, text }, cookie)).json).toEqual({ status: 'queued' });
    expect((await call('POST', '/chat/messages', { id, text }, cookie)).json).toEqual({
      status: 'duplicate',
    });
    const seen = await events(cookie, (s) => s.some((e) => e.event === 'reply'));
    const reply = seen.find((e) => e.event === 'reply')!;
    expect(reply.data.text).toMatch(/^Vou criar um boleto de R\$ 150,00 para João Silva/);
    expect(reply.data.buttons).toMatchObject({ yesLabel: 'Sim', noLabel: 'Não' });
    expect(seen.filter((e) => e.event === 'said').map((e) => e.data.text)).toEqual([text]);

    // Pressing Sim; a page reconnecting after the proposal gets only what came after it.
    const press = {
      id: randomUUID(),
      confirmation: { nonce: reply.data.buttons.nonce, answer: 'yes' },
      label: 'Sim',
    };
    expect((await call('POST', '/chat/messages', press, cookie)).status).toBe(202);
    const after = await events(cookie, (s) => s.some((e) => e.event === 'reply'), reply.id);
    expect(
      after
        .filter((e) => e.event === 'said' || e.event === 'reply') // typing may come between
        .map((e) => (e.event === 'reply' ? e.data.text.split(':')[0] : e.data.text)),
    ).toEqual(['Sim', expect.stringMatching(/^Boleto nº \d+ criado/)]);
    expect(await h.db.boleto.count({ where: { tenantId: boletos.tenant.id } })).toBe(1);

    // A local boleto goes to nobody: its PDF reaches the owner's page as a download.
    const created = after.find((e) => e.event === 'reply')!;
    const notifier = startBoletoNotifier({
      db: h.db,
      outbox: h.container.outbox,
      chats: h.container.userChats,
      pdfs: h.container.boletoPdfs,
      onlyTenants: () => [boletos.tenant.id],
      packFor,
      everyMs: 100,
      logger: pino({ level: 'silent' }),
    });
    try {
      const withPdf = await events(
        cookie,
        (s) => s.some((e) => e.event === 'reply' && e.data.document),
        created.id,
      );
      const pdf = withPdf.find((e) => e.event === 'reply' && e.data.document)!;
      expect(pdf.data.text).toMatch(/^Segue o PDF do boleto nº \d+ de João Silva/);
      expect(pdf.data.document).toMatchObject({
        fileName: expect.stringMatching(/^boleto-\d+\.pdf$/),
        mimeType: 'application/pdf',
      });
      expect(Buffer.from(pdf.data.document.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await notifier.stop();
    }
  });

  it('an invite code links the browser and the welcome arrives on its stream; a wrong code is refused', async () => {
    const code = `WEB${randomUUID().slice(0, 6).toUpperCase()}`;
    await h.db.invite.create({
      data: {
        code,
        tenantId: boletos.tenant.id,
        role: 'operator',
        userName: 'Rita Web',
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const linked = await call('POST', '/chat/session', { code });
    expect(linked.json).toMatchObject({ state: 'signed-in', locale: 'pt-BR' });
    const seen = await events(linked.cookie!, (s) => s.some((e) => e.event === 'reply'));
    expect(seen.find((e) => e.event === 'reply')!.data.text).toContain('Rita Web');
    const wrong = await call('POST', '/chat/session', { code: 'NOPE-NOPE' });
    expect(wrong).toMatchObject({ status: 400, json: { error: 'invalid_invite' } });
    expect(wrong.cookie).toBeUndefined();
  });
});

describe('web chat in production without a session secret', () => {
  const h = new Harness({ NODE_ENV: 'production' });
  const app = buildWeb(h.container);

  afterAll(async () => {
    await app.close();
    await h.close();
  });

  it('stays off, and the rest of the web process keeps serving', async () => {
    await startWebChat(h.container, app, []);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});
