import { createServer, connect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { createWhatsappChannel, type WhatsappChannel } from '../../src/channels/whatsapp';
import { RedisLease, redisLeases } from '../../src/stores/redis-lease';
import { PgWhatsappAuthStore } from '../../src/stores/whatsapp-auth-store';
import {
  fakeSocketFactory,
  MemoryAudioStore,
  RecordingIngress,
  silentLogger,
  sleep,
  TestBackends,
  waitFor,
  type FakeFactory,
  TEST_SPOOL_DIR,
} from './whatsapp-fakes';

/**
 * One socket per number across processes: two adapter instances on the same account (each with
 * its own Redis connection, as two processes would have), a short lease TTL.
 */
const backends = new TestBackends();
const channels: WhatsappChannel[] = [];
const TTL = 600;

beforeAll(() => backends.setUp());
afterEach(async () => {
  await Promise.all(channels.splice(0).map((channel) => channel.stop()));
});
afterAll(() => backends.tearDown());

async function instance(account: string, redis: Redis = backends.redis(), ttlMs = TTL) {
  const fake = fakeSocketFactory();
  const channel = createWhatsappChannel({
    options: {
      account,
      redisPrefix: backends.prefix,
      spoolDir: TEST_SPOOL_DIR,
      lease: { ttlMs },
      reconnect: { baseDelayMs: 20 },
    },
    ingress: new RecordingIngress(),
    audioStore: new MemoryAudioStore(),
    redis,
    authStore: new PgWhatsappAuthStore(backends.pool),
    leases: redisLeases(redis),
    logger: silentLogger,
    socketFactory: fake.factory,
  });
  channels.push(channel);
  await channel.start();
  return { channel, fake };
}

async function pairedAccount(): Promise<string> {
  const account = backends.account();
  await new PgWhatsappAuthStore(backends.pool).writeCreds(account, {
    me: { id: '5511900000000:7@s.whatsapp.net' },
    account: { details: Buffer.from('adv') },
  } as never);
  return account;
}

/** A paired number and one instance that holds it with its socket open. */
async function ownerWithOpenSocket() {
  const account = await pairedAccount();
  const a = await instance(account);
  await waitFor(() => a.fake.sockets.length === 1);
  a.fake.last().open();
  await waitFor(() => a.channel.isActive());
  return { account, a };
}

const liveSockets = (...fakes: FakeFactory[]) =>
  fakes.flatMap((f) => f.sockets).filter((s) => !s.ended).length;

describe('WhatsApp lease: one socket per number', () => {
  it('opens one socket for two instances; the standby takes over when the owner stops', async () => {
    // A longer lease here: this test asserts that nobody takes over while the owner lives, and
    // on a loaded CI machine a 600 ms lease lapsed once between two renewals.
    const ttl = 2_000;
    const account = await pairedAccount();
    const a = await instance(account, backends.redis(), ttl);
    const b = await instance(account, backends.redis(), ttl);
    await waitFor(() => a.fake.sockets.length + b.fake.sockets.length === 1);
    await sleep(ttl * 2);
    expect(a.fake.sockets.length + b.fake.sockets.length).toBe(1);
    const [owner, standby] = a.fake.sockets.length === 1 ? [a, b] : [b, a];
    expect(standby.channel.status()).toBe('standby');
    owner.fake.last().open();
    await waitFor(() => owner.channel.isActive());

    await owner.channel.stop();
    expect(owner.fake.last().ended).toBe(true);
    await waitFor(() => standby.fake.sockets.length === 1, ttl * 2);
    expect(standby.fake.last().params.creds?.me?.id).toBe('5511900000000:7@s.whatsapp.net');
    expect(liveSockets(a.fake, b.fake)).toBe(1);
  });

  it('closes the socket and stands by when its auth writes are fenced off by another claim', async () => {
    const { account, a } = await ownerWithOpenSocket();
    // A's lease lapses (A paused, say): another process takes the lease, then claims the auth
    // state, as the supervisor does.
    const redis = backends.redis();
    const next = new RedisLease(redis, `whatsapp:${account}`, { ttlMs: TTL, keyPrefix: backends.prefix });
    await redis.del(next.key);
    const abort = new AbortController();
    try {
      expect(await next.hold(() => undefined, abort.signal)).toBe(true);
      await new PgWhatsappAuthStore(backends.pool).claim(account, 'the-new-holder');
      // A, still running, saves credentials: refused, and A gives the number up.
      a.fake.last().creds({ registrationId: 99 });
      await waitFor(() => a.fake.last().ended);
      await waitFor(() => a.channel.status() === 'standby');
      expect(liveSockets(a.fake)).toBe(0);
      expect(a.fake.sockets).toHaveLength(1);
    } finally {
      abort.abort();
      await next.release();
    }
    // Nothing of A's reached the database after the claim.
    expect((await new PgWhatsappAuthStore(backends.pool).readCreds(account))?.registrationId).toBeUndefined();
  });

  it('closes the socket and reconnects from what is stored when an auth write fails', async () => {
    const { a } = await ownerWithOpenSocket();
    // jsonb refuses the NUL character: the write fails inside PostgreSQL, as a real outage would.
    await expect(a.fake.last().params.keys.set({ 'lid-mapping': { broken: 'a\u0000b' } })).rejects.toThrow();
    await waitFor(() => a.fake.sockets.length === 2);
    expect(a.fake.sockets[0]!.ended).toBe(true);
    expect(liveSockets(a.fake)).toBe(1);
  });

  it('takes over after the TTL when the owner dies without releasing', async () => {
    const account = await pairedAccount();
    const ownerRedis = new Redis({
      host: '127.0.0.1',
      port: 6379,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    const owner = await instance(account, ownerRedis);
    await waitFor(() => owner.fake.sockets.length === 1);
    owner.fake.last().open();
    const standby = await instance(account);
    await sleep(TTL);
    expect(standby.fake.sockets).toHaveLength(0);

    ownerRedis.disconnect(); // the owner can no longer renew: as good as dead for the cluster
    await waitFor(() => standby.fake.sockets.length === 1, TTL * 4);
    // The cut-off owner closed its own socket before (or as) the standby opened one.
    await waitFor(() => owner.fake.last().ended, 200);
  });
});

/**
 * A TCP proxy to Redis that can turn into a black hole: the connection stays open but nothing
 * comes back, as in a network partition. ioredis then waits for replies forever (it has no
 * command timeout by default), so a lease must not depend on a renewal ever answering.
 */
class BlackHoleProxy {
  private server: Server | undefined;
  private readonly sockets: Socket[] = [];
  private swallowing = false;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(6379, '127.0.0.1');
      this.sockets.push(client, upstream);
      client.on('data', (chunk) => this.swallowing || upstream.write(chunk));
      upstream.on('data', (chunk) => this.swallowing || client.write(chunk));
      client.on('error', () => undefined);
      upstream.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  swallow(): void {
    this.swallowing = true;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe('RedisLease under a network partition', () => {
  it('declares the lease lost before it expires even when renewals never answer', async () => {
    const proxy = new BlackHoleProxy();
    await proxy.start();
    const redis = new Redis({ host: '127.0.0.1', port: proxy.port });
    const name = `whatsapp:${backends.account()}`;
    const lease = new RedisLease(redis, name, { ttlMs: TTL, keyPrefix: backends.prefix });
    let lostAt = 0;
    expect(await lease.hold(() => (lostAt = Date.now()))).toBe(true);
    await sleep(TTL / 2);
    proxy.swallow();
    const cutAt = Date.now();

    const standby = new RedisLease(backends.redis(), name, { ttlMs: TTL, keyPrefix: backends.prefix });
    const standbyHeld = standby.hold(() => undefined);
    await standbyHeld;
    const takenAt = Date.now();
    expect(lostAt).toBeGreaterThan(0);
    expect(lostAt).toBeLessThanOrEqual(takenAt); // never two holders at once
    expect(lostAt - cutAt).toBeLessThan(TTL * 2);
    expect(lease.isHeld).toBe(false);
    await standby.release();
    redis.disconnect();
    await proxy.stop();
  });
});
