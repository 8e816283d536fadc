import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Pool, type PoolClient } from 'pg';
import type { AuthenticationCreds } from '@whiskeysockets/baileys' with { 'resolution-mode': 'import' };
import {
  AuthFencedOff,
  ensureWhatsappAuthSchema,
  fromBufferJson,
  PgWhatsappAuthStore,
  toBufferJson,
} from '../../src/stores/whatsapp-auth-store';

/**
 * Real PostgreSQL. Every run works in its own schema (search_path), dropped at the end, so it
 * never touches a migrated `whatsapp_auth` table or another engineer's rows.
 */
const url = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const schema = `wa_auth_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let admin: Pool;
let pool: Pool;

beforeAll(async () => {
  admin = new Pool({ connectionString: url, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  pool = new Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 4 });
  await ensureWhatsappAuthSchema(pool);
  await ensureWhatsappAuthSchema(pool); // idempotent
});

afterAll(async () => {
  await pool.end();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
});

/** Fresh credentials made by the installed Baileys (in a child process: jest cannot load ESM). */
function baileysCreds(): { creds: AuthenticationCreds; baileysJson: string } {
  const script = `import('@whiskeysockets/baileys').then((b) => process.stdout.write(JSON.stringify(b.initAuthCreds(), b.BufferJSON.replacer)))`;
  const baileysJson = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  return { creds: fromBufferJson(baileysJson) as AuthenticationCreds, baileysJson };
}

/** A protobuf-like object: own fields, and a toJSON that would turn bytes into base64 strings. */
class FakeProto {
  details = Buffer.from('details');
  accountSignature = new Uint8Array([1, 2, 3]);
  toJSON() {
    return { details: this.details.toString('base64') };
  }
}

/** A table's columns as `column type [null]`, in order. */
async function columnsOf(table: string): Promise<string[]> {
  const { rows } = await pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
    `SELECT column_name, data_type, is_nullable FROM information_schema.columns
     WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
    [schema, table],
  );
  return rows.map((r) => `${r.column_name} ${r.data_type}${r.is_nullable === 'YES' ? ' null' : ''}`);
}

describe('PgWhatsappAuthStore', () => {
  it('creates the table with the same shape as the Prisma migration', async () => {
    expect(await columnsOf('whatsapp_auth')).toEqual([
      'account text',
      'kind text',
      'id text',
      'value jsonb',
      'updated_at timestamp with time zone',
    ]);
  });

  it('keeps Baileys credentials across a restart (a new store instance), BufferJSON-compatible', async () => {
    const account = `acc-${randomUUID()}`;
    const { creds, baileysJson } = baileysCreds();
    // Our encoding of Baileys' creds is byte-for-byte what Baileys' BufferJSON writes.
    expect(JSON.parse(toBufferJson(creds))).toEqual(JSON.parse(baileysJson));
    Object.assign(creds, {
      me: { id: '5511900000000:7@s.whatsapp.net', lid: '98765432101234:7@lid', name: 'Iris' },
      account: new FakeProto(),
    });
    const first = new PgWhatsappAuthStore(pool);
    await first.writeCreds(account, creds);

    const restarted = new PgWhatsappAuthStore(pool);
    const read = await restarted.readCreds(account);
    expect(read?.me?.id).toBe('5511900000000:7@s.whatsapp.net');
    expect(Buffer.isBuffer(read?.noiseKey.private)).toBe(true);
    expect(read?.noiseKey.private).toEqual(Buffer.from(creds.noiseKey.private));
    expect(read?.signedPreKey.signature).toEqual(Buffer.from(creds.signedPreKey.signature));
    expect(read?.account).toEqual({
      details: Buffer.from('details'),
      accountSignature: Buffer.from([1, 2, 3]),
    });
    expect(read?.registrationId).toBe(creds.registrationId);
    expect(await restarted.readCreds(`other-${account}`)).toBeUndefined();
  });

  it('stores, reads and deletes signal keys of every kind', async () => {
    const account = `acc-${randomUUID()}`;
    const store = new PgWhatsappAuthStore(pool);
    const keys = store.keys(account);
    await keys.set({
      'pre-key': {
        '1': { public: Buffer.from('pub1'), private: Buffer.from('priv1') },
        '2': { public: Buffer.from('p2'), private: Buffer.from('q2') },
      },
      session: { '5511987654321.0': new Uint8Array([9, 8, 7]) },
      'sender-key-memory': { '120363041234567890@g.us': { '5511987654321:2@s.whatsapp.net': true } },
      'app-state-sync-key': { AAAAAKx1: { keyData: Buffer.from('secret'), timestamp: 1763400000 } as never },
      'lid-mapping': { '5511987654321': '201234567890123' },
      'device-list': { '5511987654321': ['0', '2'] },
    });

    const again = new PgWhatsappAuthStore(pool).keys(account);
    expect(await again.get('pre-key', ['1', '2', '3'])).toEqual({
      '1': { public: Buffer.from('pub1'), private: Buffer.from('priv1') },
      '2': { public: Buffer.from('p2'), private: Buffer.from('q2') },
    });
    expect(await again.get('session', ['5511987654321.0'])).toEqual({
      '5511987654321.0': Buffer.from([9, 8, 7]),
    });
    expect(await again.get('sender-key-memory', ['120363041234567890@g.us'])).toEqual({
      '120363041234567890@g.us': { '5511987654321:2@s.whatsapp.net': true },
    });
    expect((await again.get('app-state-sync-key', ['AAAAAKx1'])).AAAAAKx1?.keyData).toEqual(
      Buffer.from('secret'),
    );
    expect(await again.get('lid-mapping', ['5511987654321'])).toEqual({ '5511987654321': '201234567890123' });
    expect(await again.get('device-list', ['5511987654321'])).toEqual({ '5511987654321': ['0', '2'] });

    await again.set({ 'pre-key': { '1': null } });
    expect(Object.keys(await keys.get('pre-key', ['1', '2']))).toEqual(['2']);
  });

  it('applies writes of one account in call order (the last write wins)', async () => {
    const account = `acc-${randomUUID()}`;
    const keys = new PgWhatsappAuthStore(pool).keys(account);
    const writes = Array.from({ length: 40 }, (_, i) => keys.set({ session: { peer: Buffer.from([i]) } }));
    await Promise.all(writes);
    expect(await keys.get('session', ['peer'])).toEqual({ peer: Buffer.from([39]) });
  });

  it('collapses a burst of creds updates and reads see the queued writes', async () => {
    const account = `acc-${randomUUID()}`;
    const store = new PgWhatsappAuthStore(pool);
    const creds = { registrationId: 0, me: { id: 'x@s.whatsapp.net' } } as unknown as AuthenticationCreds;
    const pending: Promise<void>[] = [];
    for (let i = 1; i <= 25; i += 1) {
      (creds as { registrationId: number }).registrationId = i;
      pending.push(store.writeCreds(account, creds));
    }
    expect((await store.readCreds(account))?.registrationId).toBe(25);
    await Promise.all(pending);
  });

  it('flushes queued writes so another process reads them (shutdown before the lease is released)', async () => {
    const account = `acc-${randomUUID()}`;
    const store = new PgWhatsappAuthStore(pool);
    void store.keys(account).set({ session: { a: Buffer.from('1') } });
    void store.writeCreds(account, { registrationId: 7 } as unknown as AuthenticationCreds);
    await store.flush();
    const otherPool = new Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 1 });
    try {
      const other = new PgWhatsappAuthStore(otherPool);
      expect((await other.readCreds(account))?.registrationId).toBe(7);
      expect(await other.keys(account).get('session', ['a'])).toEqual({ a: Buffer.from('1') });
    } finally {
      await otherPool.end();
    }
  });

  it('keeps the queue going after a failed write', async () => {
    const account = `acc-${randomUUID()}`;
    const keys = new PgWhatsappAuthStore(pool).keys(account);
    // jsonb refuses the NUL character: this write fails inside PostgreSQL.
    await expect(keys.set({ 'lid-mapping': { bad: 'a\u0000b' } })).rejects.toThrow();
    await keys.set({ 'lid-mapping': { good: '1' } });
    expect(await keys.get('lid-mapping', ['bad', 'good'])).toEqual({ good: '1' });
  });

  it('reports a failed write to its listeners, as a database failure (not fenced off)', async () => {
    const account = `acc-${randomUUID()}`;
    const store = new PgWhatsappAuthStore(pool);
    const failures: Array<[string, boolean]> = [];
    store.onWriteFailed((acc, _error, fencedOff) => failures.push([acc, fencedOff]));
    await expect(store.keys(account).set({ 'lid-mapping': { bad: 'a\u0000b' } })).rejects.toThrow();
    await store.flush(account);
    expect(failures).toEqual([[account, false]]);
  });

  describe('fencing by claim', () => {
    it('refuses every write of a process once another one claimed the account, and writes nothing', async () => {
      const account = `acc-${randomUUID()}`;
      const old = new PgWhatsappAuthStore(pool);
      const fencedOff: boolean[] = [];
      old.onWriteFailed((_acc, _error, fenced) => fencedOff.push(fenced));
      expect(await old.claim(account, 'old-holder')).toBe('1');
      await old.keys(account).set({ session: { a: Buffer.from('old-1') } });

      const next = new PgWhatsappAuthStore(pool);
      expect(await next.claim(account, 'new-holder')).toBe('2');
      await next.keys(account).set({ session: { a: Buffer.from('new-1') } });

      // The old holder's late writes: a key, the creds and a clear, all refused.
      await expect(old.keys(account).set({ session: { a: Buffer.from('old-2') } })).rejects.toBeInstanceOf(
        AuthFencedOff,
      );
      await expect(
        old.writeCreds(account, { registrationId: 9 } as unknown as AuthenticationCreds),
      ).rejects.toThrow(/claimed by epoch 2, not 1/);
      await expect(old.clear(account)).rejects.toBeInstanceOf(AuthFencedOff);
      await old.flush(account);
      expect(fencedOff).toEqual([true, true, true]);

      expect(await next.keys(account).get('session', ['a'])).toEqual({ a: Buffer.from('new-1') });
      expect(await next.readCreds(account)).toBeUndefined();
      const { rows } = await pool.query(
        'SELECT epoch::text AS epoch, holder FROM whatsapp_auth_fence WHERE account = $1',
        [account],
      );
      expect(rows).toEqual([{ epoch: '2', holder: 'new-holder' }]);
    });

    it('a claim waits for a write in flight, so the old write lands before the new holder reads', async () => {
      const account = `acc-${randomUUID()}`;
      const old = new PgWhatsappAuthStore(pool);
      await old.claim(account, 'old-holder');
      // Hold the fence row's share lock as a write in flight does, from a second connection.
      const inFlight = await pool.connect();
      try {
        await inFlight.query('BEGIN');
        await inFlight.query('SELECT epoch FROM whatsapp_auth_fence WHERE account = $1 FOR SHARE', [account]);
        let claimed = false;
        const claim = new PgWhatsappAuthStore(pool).claim(account, 'new-holder').then((epoch) => {
          claimed = true;
          return epoch;
        });
        // The claim is blocked on the lock: PostgreSQL shows its UPDATE waiting for it.
        let waiting = false;
        for (const deadline = Date.now() + 5_000; !waiting && Date.now() < deadline;) {
          const { rows } = await pool.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO whatsapp_auth_fence%'`,
          );
          waiting = rows[0].n > 0;
        }
        expect(waiting).toBe(true);
        expect(claimed).toBe(false);
        await inFlight.query('COMMIT');
        expect(await claim).toBe('2');
      } finally {
        inFlight.release();
      }
    });

    it('writes unfenced when the store never claimed (tools, tests), and the fence table matches the migration', async () => {
      const account = `acc-${randomUUID()}`;
      const store = new PgWhatsappAuthStore(pool);
      await store.keys(account).set({ session: { a: Buffer.from('x') } });
      expect(await store.keys(account).get('session', ['a'])).toEqual({ a: Buffer.from('x') });
      expect(await columnsOf('whatsapp_auth_fence')).toEqual([
        'account text',
        'epoch bigint',
        'holder text',
        'claimed_at timestamp with time zone',
      ]);
    });
  });

  it('writes credentials and keys in the order they were made: no update merged ahead of keys queued before it', async () => {
    const account = `acc-${randomUUID()}`;
    // A pool that records, in order, which rows each write transaction touched.
    const written: string[] = [];
    const recording = {
      query: pool.query.bind(pool),
      connect: async () => {
        const client = await pool.connect();
        const query = client.query.bind(client) as (sql: string, params?: unknown[]) => Promise<unknown>;
        return Object.assign(Object.create(client) as PoolClient, {
          query: (sql: string, params?: unknown[]) => {
            if (/^\s*INSERT INTO whatsapp_auth /.test(sql))
              written.push(
                params?.[1] === 'creds' ? `creds:${JSON.parse(String(params[2])).registrationId}` : 'keys',
              );
            return query(sql, params);
          },
          release: () => client.release(),
        });
      },
    } as unknown as Pool;
    const store = new PgWhatsappAuthStore(recording);
    const creds = (registrationId: number) => ({ registrationId }) as unknown as AuthenticationCreds;
    const done = [
      store.writeCreds(account, creds(1)),
      store.writeCreds(account, creds(2)), // merged into the write still at the tail
      store
        .keys(account)
        .set({ 'pre-key': { '7': { public: Buffer.from('p'), private: Buffer.from('q') } } }),
      store.writeCreds(account, creds(3)), // names the new key: must land after it
      store.writeCreds(account, creds(4)),
    ];
    await Promise.all(done);
    expect(written).toEqual(['creds:2', 'keys', 'creds:4']);
    expect((await store.readCreds(account))?.registrationId).toBe(4);
  });

  it('clears one account on logout and leaves the others alone', async () => {
    const [a, b] = [`acc-${randomUUID()}`, `acc-${randomUUID()}`];
    const store = new PgWhatsappAuthStore(pool);
    for (const account of [a, b]) {
      await store.writeCreds(account, { registrationId: 1 } as unknown as AuthenticationCreds);
      await store.keys(account).set({ session: { s: Buffer.from('x') } });
    }
    await store.clear(a);
    expect(await store.readCreds(a)).toBeUndefined();
    expect(await store.keys(a).get('session', ['s'])).toEqual({});
    expect((await store.readCreds(b))?.registrationId).toBe(1);
  });

  it("reads values written by Baileys' own BufferJSON, including its legacy forms", async () => {
    const account = `acc-${randomUUID()}`;
    const insert = (kind: string, id: string, value: unknown) =>
      pool.query('INSERT INTO whatsapp_auth (account, kind, id, value) VALUES ($1, $2, $3, $4::jsonb)', [
        account,
        kind,
        id,
        JSON.stringify(value),
      ]);
    await insert('session', 'tagged', { type: 'Buffer', data: Buffer.from('abc').toString('base64') });
    await insert('session', 'numeric-keys', { '0': 1, '1': 2 });
    // protobuf toJSON (as useMultiFileAuthState stores it) leaves keyData as a base64 string.
    await insert('app-state-sync-key', 'k', {
      keyData: Buffer.from('key').toString('base64'),
      timestamp: '1',
    });
    const keys = new PgWhatsappAuthStore(pool).keys(account);
    expect(await keys.get('session', ['tagged', 'numeric-keys'])).toEqual({
      tagged: Buffer.from('abc'),
      'numeric-keys': Buffer.from([1, 2]),
    });
    expect((await keys.get('app-state-sync-key', ['k'])).k?.keyData).toEqual(Buffer.from('key'));
  });
});
