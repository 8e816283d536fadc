import pino, { type Logger } from 'pino';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisLeases } from '../../src/stores/redis-lease';
import { createWhatsappChannel, type WhatsappChannel } from '../../src/channels/whatsapp';
import type { PairingEvent } from '../../src/channels/whatsapp/ports';
import { PgWhatsappAuthStore } from '../../src/stores/whatsapp-auth-store';
import {
  fakeSocketFactory,
  loadUpsert,
  MemoryAudioStore,
  RecordingIngress,
  silentLogger,
  sleep,
  TestBackends,
  waitFor,
  type FakeFactory,
  PAIRED,
} from './whatsapp-fakes';

/**
 * The adapter end to end around a fake socket: real Redis (lease, markers), real PostgreSQL
 * (auth state), recorded-shape Baileys events in, envelopes out.
 */
const backends = new TestBackends();
const spoolRoot = mkdtempSync(join(tmpdir(), 'iris-wa-spool-'));
const channels: WhatsappChannel[] = [];

beforeAll(() => backends.setUp());
afterEach(async () => {
  await Promise.all(channels.splice(0).map((channel) => channel.stop()));
});
afterAll(async () => {
  await backends.tearDown();
  rmSync(spoolRoot, { recursive: true, force: true });
});

interface Setup {
  channel: WhatsappChannel;
  fake: FakeFactory;
  ingress: RecordingIngress;
  audio: MemoryAudioStore;
  account: string;
  pairings: PairingEvent[];
  store: PgWhatsappAuthStore;
  /** How many times the channel read the stored credentials (it polls them while unpaired). */
  credentialReads: () => number;
}

async function setup(
  options: {
    account?: string;
    paired?: boolean;
    fake?: FakeFactory;
    channel?: Record<string, unknown>;
    spoolDir?: string;
    ingress?: RecordingIngress;
    logger?: Logger;
  } = {},
): Promise<Setup> {
  const account = options.account ?? backends.account();
  const store = new PgWhatsappAuthStore(backends.pool);
  if (options.paired) await store.writeCreds(account, structuredClone(PAIRED));
  const fake =
    options.fake ?? fakeSocketFactory({ lids: { '201234567890123@lid': '5511987654321@s.whatsapp.net' } });
  const ingress = options.ingress ?? new RecordingIngress();
  const audio = new MemoryAudioStore();
  const pairings: PairingEvent[] = [];
  const reads = { count: 0 };
  const channel = createWhatsappChannel({
    options: {
      account,
      redisPrefix: backends.prefix,
      lease: { ttlMs: 900 },
      reconnect: { baseDelayMs: 20, maxDelayMs: 40 },
      unpairedRecheckMs: 50,
      audio: { maxBytes: 64 * 1024, maxDurationSec: 120 },
      ingressRetryMaxMs: 50,
      spoolDir: options.spoolDir ?? spoolRoot,
      ...options.channel,
    },
    ingress,
    audioStore: audio,
    redis: backends.redis(),
    authStore: countingReads(new PgWhatsappAuthStore(backends.pool), reads),
    leases: redisLeases(backends.redis()),
    logger: options.logger ?? silentLogger,
    socketFactory: fake.factory,
    onPairing: (event) => pairings.push(event),
  });
  channels.push(channel);
  await channel.start();
  return { channel, fake, ingress, audio, account, pairings, store, credentialReads: () => reads.count };
}

/** The store, counting credential reads: "it polled again and still did nothing" without a sleep. */
function countingReads(store: PgWhatsappAuthStore, reads: { count: number }): PgWhatsappAuthStore {
  const readCreds = store.readCreds.bind(store);
  store.readCreds = async (account) => {
    const creds = await readCreds(account);
    reads.count += 1;
    return creds;
  };
  return store;
}

async function openSocket(s: Setup) {
  await waitFor(() => s.fake.sockets.length > 0);
  const socket = s.fake.last();
  socket.open();
  await waitFor(() => s.channel.status() === 'open');
  return socket;
}

describe('WhatsApp adapter: receiving', () => {
  it('hands texts, voice notes and mentions to ingress and ignores the rest', async () => {
    // A slow download: the messages sent after the voice note must not overtake it.
    const fake = fakeSocketFactory({
      download: async () => {
        await sleep(80);
        return Buffer.from('OggS-fake-voice-note');
      },
    });
    const s = await setup({ paired: true, fake });
    const socket = await openSocket(s);
    for (const name of [
      'text',
      'extended-text',
      'ptt',
      'group-mention',
      'group-no-mention',
      'status-broadcast',
      'from-me',
      'reaction',
      'protocol',
      'ciphertext-stub',
      'text', // duplicate delivery: passed faithfully, ingress drops it
      'backlog',
    ]) {
      socket.upsert(loadUpsert(name));
    }
    await waitFor(() => s.ingress.envelopes.length === 6);
    await sleep(50);
    const summary = (chatId: string) =>
      s.ingress.envelopes
        .filter((e) => e.chatId === chatId)
        .map((e) => [e.platformMessageId, e.externalUserId, e.content.type]);
    // One chat, in arrival order (the text after the voice note waited for its download).
    expect(summary('5511987654321@s.whatsapp.net')).toEqual([
      ['3EB0C4A1F2D3E4B5A6C7', '5511987654321', 'text'],
      ['3EB0PTT0000000000001', '5511987654321', 'audio'],
      ['3EB0C4A1F2D3E4B5A6C7', '5511987654321', 'text'],
      ['3EB0BACKLOG000000001', '5511987654321', 'text'],
    ]);
    // A LID-addressed chat whose key carries the old 8-digit phone: the ninth digit is added.
    expect(summary('201234567890123@lid')).toEqual([
      ['AC1AC4B06C307E1F2FA49A1788F7E374', '5511987654321', 'text'],
    ]);
    expect(summary('120363041234567890@g.us')).toEqual([['3A9F1B2C3D4E5F60718293', '5521998765432', 'text']]);
    const outcome = (id: string) =>
      s.ingress.outcomes.filter((_, i) => s.ingress.envelopes[i]?.platformMessageId === id);
    expect(outcome('3EB0C4A1F2D3E4B5A6C7').map((o) => o.status)).toEqual(['queued', 'duplicate']);

    const byId = (id: string) => s.ingress.envelopes.find((e) => e.platformMessageId === id);
    const [text, voice, mention, backlog] = [
      byId('3EB0C4A1F2D3E4B5A6C7'),
      byId('3EB0PTT0000000000001'),
      byId('3A9F1B2C3D4E5F60718293'),
      byId('3EB0BACKLOG000000001'),
    ];
    expect(text).toMatchObject({
      channel: 'whatsapp',
      account: s.account,
      chatId: '5511987654321@s.whatsapp.net',
      sentAt: '2025-11-17T17:20:00.000Z',
      displayName: 'Maria Silva',
      content: { type: 'text', text: 'quanto devo de luz?' },
    });
    expect(voice?.content).toEqual({
      type: 'audio',
      audioKey: 'audio:1',
      mimeType: 'audio/ogg',
      sizeBytes: Buffer.byteLength('OggS-fake-voice-note'),
      durationSec: 7,
    });
    expect(s.audio.items.get('audio:1')?.mimeType).toBe('audio/ogg');
    expect(mention).toMatchObject({
      chatId: '120363041234567890@g.us',
      content: { text: 'quanto gastei este mês?' },
    });
    // An old message delivered after downtime keeps its old sentAt (the engine refuses it as a "sim").
    expect(backlog?.sentAt).toBe('2025-11-15T17:20:00.000Z');
  });

  it('rejects a voice note whose download goes past the byte cap', async () => {
    const fake = fakeSocketFactory({ download: async (max) => Buffer.alloc(max + 1) });
    const s = await setup({ paired: true, fake });
    const socket = await openSocket(s);
    socket.upsert(loadUpsert('ptt'));
    await waitFor(() => s.ingress.envelopes.length === 1);
    expect(s.ingress.envelopes[0]?.content).toEqual({ type: 'audio_rejected', reason: 'too_large' });
    expect(s.audio.items.size).toBe(0);
  });

  it('with voice disabled, hands over "audio disabled" and downloads nothing', async () => {
    let downloads = 0;
    const fake = fakeSocketFactory({
      download: async () => {
        downloads += 1;
        return Buffer.alloc(10);
      },
    });
    const s = await setup({ paired: true, fake, channel: { audio: { enabled: false } } });
    (await openSocket(s)).upsert(loadUpsert('ptt'));
    await waitFor(() => s.ingress.envelopes.length === 1);
    expect(s.ingress.envelopes[0]?.content).toEqual({ type: 'unsupported', what: 'audio_disabled' });
    expect(downloads).toBe(0);
    expect(s.audio.items.size).toBe(0);
  });

  it('keeps trying ingress while it is down: every message arrives once, in order, and the spool empties', async () => {
    const ingress = new RecordingIngress();
    ingress.failuresLeft = 8; // a Redis outage, at the test's fast back-off
    const s = await setup({ paired: true, ingress });
    const socket = await openSocket(s);
    socket.upsert(loadUpsert('text'));
    socket.upsert(loadUpsert('backlog'));
    await waitFor(() => s.ingress.envelopes.length === 2, 10_000);
    expect(ingress.failures).toBe(8);
    expect(s.ingress.outcomes.map((o) => o.status)).toEqual(['queued', 'queued']);
    await waitFor(() => readdirSync(join(spoolRoot, s.account)).length === 0);
  });

  it('hands over at the next start what a stopped run spooled and ingress never accepted', async () => {
    const spoolDir = mkdtempSync(join(tmpdir(), 'iris-wa-spool-'));
    const down = new RecordingIngress();
    down.failuresLeft = Number.MAX_SAFE_INTEGER; // Redis stays down for this whole run
    const first = await setup({ paired: true, ingress: down, spoolDir });
    (await openSocket(first)).upsert(loadUpsert('text'));
    await waitFor(() => down.failures >= 2);
    await first.channel.stop(); // the process goes away; the message is only in the spool
    expect(readdirSync(join(spoolDir, first.account)).filter((f) => f.endsWith('.json'))).toHaveLength(1);

    const next = await setup({ account: first.account, paired: true, spoolDir });
    await waitFor(() => next.ingress.envelopes.length === 1);
    expect(next.ingress.envelopes[0]?.platformMessageId).toBe(loadUpsert('text').messages[0]?.key?.id);
    await waitFor(() => readdirSync(join(spoolDir, first.account)).length === 0);
    rmSync(spoolDir, { recursive: true, force: true });
  });

  it('asks for the unavailable-audio reply when the download fails', async () => {
    const fake = fakeSocketFactory({
      download: async () => {
        throw new Error('media expired and the phone did not re-upload');
      },
    });
    const s = await setup({ paired: true, fake });
    (await openSocket(s)).upsert(loadUpsert('ptt'));
    await waitFor(() => s.ingress.envelopes.length === 1);
    expect(s.ingress.envelopes[0]?.content).toEqual({ type: 'unsupported', what: 'audio_unavailable' });
  });

  it("resolves a LID-only sender through Baileys' mapping, else keeps a stable lid: id", async () => {
    const s = await setup({ paired: true });
    const socket = await openSocket(s);
    const lidOnly = (id: string, lid: string) => {
      const upsert = loadUpsert('text');
      const message = upsert.messages[0];
      if (!message) throw new Error('fixture changed');
      message.key = { remoteJid: lid, fromMe: false, id, participant: '', addressingMode: 'lid' };
      return upsert;
    };
    socket.upsert(lidOnly('LID1', '201234567890123@lid'));
    socket.upsert(lidOnly('LID2', '209999999999999@lid'));
    await waitFor(() => s.ingress.envelopes.length === 2);
    const byId = Object.fromEntries(
      s.ingress.envelopes.map((e) => [e.platformMessageId, [e.externalUserId, e.aliases, e.threadId]]),
    );
    // The LID goes along as an alias when the phone is known (an invite may have linked it);
    // both are direct chats, so both are the person's one direct conversation.
    expect(byId).toEqual({
      LID1: ['5511987654321', ['lid:201234567890123'], 'direct'],
      LID2: ['lid:209999999999999', undefined, 'direct'],
    });
  });
});

describe('WhatsApp adapter: auth state and pairing', () => {
  it('shows a QR when unpaired, saves the new creds, and a restart reuses them without pairing', async () => {
    const first = await setup();
    await waitFor(() => first.fake.sockets.length === 1);
    expect(first.fake.last().params.creds).toBeUndefined();
    first.fake.last().ev.emit('connection.update', { qr: '2@qr-ref,noise,identity,adv' });
    await waitFor(() => first.pairings.length === 1);
    expect(first.pairings[0]).toEqual({
      type: 'qr',
      account: first.account,
      qr: '2@qr-ref,noise,identity,adv',
    });
    expect(first.channel.status()).toBe('pairing');
    // pair-success, then the 515 restart WhatsApp always asks for.
    first.fake.last().creds({ me: PAIRED.me, account: PAIRED.account });
    first.fake.last().ev.emit('connection.update', { isNewLogin: true, qr: undefined });
    first.fake.last().close(515);
    await waitFor(() => first.fake.sockets.length === 2);
    expect(first.fake.last().params.creds?.me?.id).toBe(PAIRED.me?.id);
    first.fake.last().open();
    await waitFor(() => first.channel.status() === 'open');
    await first.channel.stop();

    const restarted = await setup({ account: first.account });
    await waitFor(() => restarted.fake.sockets.length === 1);
    const creds = restarted.fake.last().params.creds;
    expect(creds?.me?.id).toBe('5511900000000:7@s.whatsapp.net');
    expect(creds?.account).toEqual(PAIRED.account);
    restarted.fake.last().open();
    await waitFor(() => restarted.channel.status() === 'open');
    expect(restarted.pairings).toEqual([]);
  });

  it('shows a new QR at once when an unscanned one expires (408), without counting a failure', async () => {
    const s = await setup({ channel: { reconnect: { baseDelayMs: 60_000, maxDelayMs: 60_000 } } });
    await waitFor(() => s.fake.sockets.length === 1);
    s.fake.last().ev.emit('connection.update', { qr: 'ref-1' });
    await waitFor(() => s.channel.status() === 'pairing');
    s.fake.last().close(408);
    await waitFor(() => s.fake.sockets.length === 2, 1_000);
    expect(s.channel.status()).toBe('connecting');
  });

  it('requests one pairing code per socket in code mode', async () => {
    const s = await setup({ channel: { pairing: { mode: 'code', phoneNumber: '5511900000000' } } });
    await waitFor(() => s.fake.sockets.length === 1);
    const socket = s.fake.last();
    socket.ev.emit('connection.update', { qr: 'ref-1' });
    socket.ev.emit('connection.update', { qr: 'ref-2' });
    await waitFor(() => s.pairings.length === 1);
    // The second QR event was handled synchronously by the emit above: no second request.
    expect(socket.pairingRequests).toEqual(['5511900000000']);
    expect(s.pairings).toEqual([
      { type: 'code', account: s.account, code: 'ABCD1234', phoneNumber: '5511900000000' },
    ]);
  });

  it('saves creds updates and flushes them on stop', async () => {
    const s = await setup({ paired: true });
    const socket = await openSocket(s);
    socket.creds({ myAppStateKeyId: 'AAAAAKx1', nextPreKeyId: 813 });
    await s.channel.stop();
    const stored = await new PgWhatsappAuthStore(backends.pool).readCreds(s.account);
    expect(stored).toMatchObject({ myAppStateKeyId: 'AAAAAKx1', nextPreKeyId: 813, me: PAIRED.me });
    expect(socket.ended).toBe(true);
  });

  it('waits for credentials in mode none, then connects once the pairing CLI stored them', async () => {
    const s = await setup({ channel: { pairing: { mode: 'none' } } });
    await waitFor(() => s.channel.status() === 'unpaired');
    const reads = s.credentialReads();
    await waitFor(() => s.credentialReads() >= reads + 2); // polled twice more, still unpaired
    expect(s.fake.sockets).toHaveLength(0);
    await s.store.writeCreds(s.account, structuredClone(PAIRED));
    await waitFor(() => s.fake.sockets.length === 1);
    expect(s.fake.last().params.creds?.me?.id).toBe(PAIRED.me?.id);
  });
});

describe('WhatsApp adapter: connection care', () => {
  it('reconnects with backoff after a dropped connection (428)', async () => {
    const s = await setup({ paired: true });
    const socket = await openSocket(s);
    socket.close(428);
    await waitFor(() => s.fake.sockets.length === 2);
    expect(s.channel.status()).toBe('reconnecting');
  });

  it('says "outdated" when WhatsApp refuses the protocol version (405), and keeps trying', async () => {
    const s = await setup({ paired: true, channel: { reconnect: { baseDelayMs: 400, maxDelayMs: 400 } } });
    (await openSocket(s)).close(405);
    await waitFor(() => s.channel.status() === 'outdated');
    await waitFor(() => s.fake.sockets.length === 2, 5_000);
  });

  it('reconnects with backoff on badSession (500) and keeps every signal key', async () => {
    const s = await setup({ paired: true });
    await s.store.keys(s.account).set({ session: { '5511987654321.0': Buffer.from('session') } });
    (await openSocket(s)).close(500);
    await waitFor(() => s.fake.sockets.length === 2);
    expect(await s.store.keys(s.account).get('session', ['5511987654321.0'])).toEqual({
      '5511987654321.0': Buffer.from('session'),
    });
  });

  it('stops on connectionReplaced (440) without a reconnect loop and hands the number to a standby', async () => {
    const s = await setup({ paired: true });
    const socket = await openSocket(s);
    const standby = await setup({ account: s.account, paired: true });
    expect(standby.channel.status()).toBe('standby');
    socket.close(440);
    await waitFor(() => s.channel.status() === 'replaced');
    // The standby takes the released lease and connects; the replaced process does not.
    await waitFor(() => standby.fake.sockets.length === 1, 5_000);
    await openSocket(standby);
    expect(s.fake.sockets).toHaveLength(1);
    expect(s.channel.status()).toBe('replaced');
  });

  it('after the cool-down, a replaced process with nobody else on the number connects again', async () => {
    const s = await setup({ paired: true, channel: { handover: { afterReplacedMs: 100 } } });
    (await openSocket(s)).close(440);
    await waitFor(() => s.channel.status() === 'replaced');
    await waitFor(() => s.fake.sockets.length === 2, 5_000);
  });

  it('hands the number over when WhatsApp refuses the account (403), with a log alert', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const s = await setup({ paired: true, logger });
    const socket = await openSocket(s);
    const standby = await setup({ account: s.account, paired: true });
    socket.close(403);
    await waitFor(() => s.channel.status() === 'forbidden');
    await waitFor(() => standby.fake.sockets.length === 1, 5_000);
    expect(s.fake.sockets).toHaveLength(1);
    expect(lines).toContainEqual(expect.objectContaining({ alert: 'whatsapp_forbidden' }));
  });

  it('clears the stored creds on loggedOut (401), stops and never re-pairs by itself', async () => {
    const s = await setup({ paired: true });
    await s.store.keys(s.account).set({ session: { peer: Buffer.from('x') } });
    (await openSocket(s)).close(401);
    await waitFor(() => s.channel.status() === 'logged_out');
    await waitFor(async () => (await s.store.readCreds(s.account)) === undefined);
    expect(await s.store.keys(s.account).get('session', ['peer'])).toEqual({});
    const reads = s.credentialReads();
    await waitFor(() => s.credentialReads() >= reads + 2); // waiting for a new pairing, twice over
    expect(s.fake.sockets).toHaveLength(1);
    expect(s.pairings).toEqual([]);
  });

  it('recycles a socket that stays silent past the watchdog window', async () => {
    const s = await setup({ paired: true, channel: { watchdog: { silenceMs: 150 } } });
    const first = await openSocket(s);
    await waitFor(() => s.fake.sockets.length === 2, 3_000);
    expect(first.ended).toBe(true);
  });

  it('ignores the events of a socket it already replaced', async () => {
    const s = await setup({ paired: true });
    const first = await openSocket(s);
    first.close(515);
    await waitFor(() => s.fake.sockets.length === 2);
    first.upsert(loadUpsert('text'));
    first.close(401);
    // A message on the live socket comes through; the old socket's never did.
    const live = s.fake.last();
    live.open();
    await waitFor(() => s.channel.status() === 'open');
    live.upsert(loadUpsert('extended-text'));
    await waitFor(() => s.ingress.envelopes.length === 1);
    expect(s.ingress.envelopes.map((e) => e.platformMessageId)).toEqual([
      loadUpsert('extended-text').messages[0]?.key.id,
    ]);
    expect(s.channel.status()).toBe('open');
    expect(await s.store.readCreds(s.account)).toBeDefined();
  });
});
