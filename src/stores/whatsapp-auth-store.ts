import type { Pool, PoolClient } from 'pg';
import { fromBufferJson, toBufferJson } from '../core/buffer-json';

export { fromBufferJson, toBufferJson } from '../core/buffer-json';
import type { Logger } from 'pino';
import type {
  AuthenticationCreds,
  SignalDataSet,
  SignalDataTypeMap,
  SignalKeyStore,
} from '@whiskeysockets/baileys' with { 'resolution-mode': 'import' };

/**
 * The WhatsApp auth state (Baileys credentials and signal keys) in PostgreSQL, one row per key:
 * `(account, kind, id) -> value`. `kind` is `creds` for the credentials and the signal data type
 * (`pre-key`, `session`, `sender-key`, `app-state-sync-key`, `lid-mapping`, ...) otherwise.
 *
 * Why not Baileys' `useMultiFileAuthState`: its own doc says not to use it in production; files
 * tie the session to one machine, while any standby process must be able to take the socket over.
 *
 * Writes for one account go through one queue, in call order. Baileys writes keys from several
 * places at once (pre-key uploads, session updates per contact, creds after each change); two
 * interleaved writes of the same key could otherwise land out of order, and a session key older
 * than the one WhatsApp knows is how "Bad MAC" starts. Reads wait for the queued writes, so they
 * see them. `flush()` must run before the process gives up its lease, so a standby that takes
 * over reads the latest keys.
 *
 * Fencing: a flush can still be running when the lease is lost (Redis unreachable past its TTL,
 * a long GC pause), and a standby may already have taken the number. So the lease holder
 * `claim`s the account, which raises its epoch in `whatsapp_auth_fence`, and every write runs in
 * a transaction that first checks (under a share lock) that the epoch is still this process's;
 * otherwise nothing is written and the write fails with `AuthFencedOff`. A claim waits for the
 * writes in flight (its UPDATE waits for their share locks), so the old holder's writes land
 * either before the new holder reads or not at all. A store that never claimed (tests, tools)
 * writes unfenced. Every failed write is reported to `onWriteFailed` listeners: the socket must
 * close, because Baileys' memory now holds keys the database does not.
 */

/** Creates the table if it is missing. Same shape as the Prisma migration `whatsapp_auth`. */
export async function ensureWhatsappAuthSchema(pool: Pool): Promise<void> {
  await pool.query(`CREATE TABLE IF NOT EXISTS whatsapp_auth (
    account text NOT NULL,
    kind text NOT NULL,
    id text NOT NULL,
    value jsonb NOT NULL,
    updated_at timestamptz(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT whatsapp_auth_pkey PRIMARY KEY (account, kind, id)
  )`);
  await pool.query(`CREATE TABLE IF NOT EXISTS whatsapp_auth_fence (
    account text NOT NULL,
    epoch bigint NOT NULL,
    holder text NOT NULL,
    claimed_at timestamptz(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT whatsapp_auth_fence_pkey PRIMARY KEY (account)
  )`);
}

/** A write refused because another process claimed the account since this one did. */
export class AuthFencedOff extends Error {
  constructor(
    readonly account: string,
    readonly epoch: string,
    readonly current: string | undefined,
  ) {
    super(`whatsapp auth state of ${account} is claimed by epoch ${current ?? 'none'}, not ${epoch}`);
    this.name = 'AuthFencedOff';
  }
}

/** `fencedOff`: another process claimed the account (this one lost it); else the database failed. */
export type AuthWriteFailureListener = (account: string, error: unknown, fencedOff: boolean) => void;

const CREDS = 'creds';

/** Values written elsewhere through protobuf `toJSON` keep `keyData` as base64: make it bytes. */
function fixAppStateKey(value: unknown): unknown {
  const key = value as { keyData?: unknown } | null;
  if (key && typeof key.keyData === 'string') return { ...key, keyData: Buffer.from(key.keyData, 'base64') };
  return value;
}

export class PgWhatsappAuthStore {
  private readonly queues = new Map<string, Promise<void>>();
  /**
   * The credentials write at the tail of an account's queue, not started yet: later updates are
   * merged into it. Only at the tail: merged into a write queued before some key writes, newer
   * credentials (which may name a new signed pre-key) would land before those keys.
   */
  private readonly tailCreds = new Map<string, { json: string | undefined }>();
  /** The epoch this process claimed per account (a bigint, kept as its decimal text). */
  private readonly epochs = new Map<string, string>();
  private readonly failureListeners = new Set<AuthWriteFailureListener>();

  constructor(
    private readonly pool: Pool,
    private readonly logger?: Logger,
  ) {}

  /**
   * Makes this process the only writer of the account's auth state (call it once the lease is
   * held, before reading): raises the account's epoch; writes of any earlier claimer fail from
   * now on. Returns the new epoch.
   */
  async claim(account: string, holder: string): Promise<string> {
    await this.flush(account);
    const { rows } = await this.pool.query<{ epoch: string }>(
      `INSERT INTO whatsapp_auth_fence (account, epoch, holder, claimed_at) VALUES ($1, 1, $2, now())
       ON CONFLICT (account) DO UPDATE
         SET epoch = whatsapp_auth_fence.epoch + 1, holder = EXCLUDED.holder, claimed_at = now()
       RETURNING epoch::text AS epoch`,
      [account, holder],
    );
    const epoch = rows[0]!.epoch;
    this.epochs.set(account, epoch);
    return epoch;
  }

  /** Called with every write that failed (fenced off, or the database refused it). */
  onWriteFailed(listener: AuthWriteFailureListener): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** The stored credentials, or undefined when the account was never paired (or was cleared). */
  async readCreds(account: string): Promise<AuthenticationCreds | undefined> {
    await this.flush(account);
    const { rows } = await this.pool.query<{ value: string }>(
      'SELECT value::text AS value FROM whatsapp_auth WHERE account = $1 AND kind = $2 AND id = $2',
      [account, CREDS],
    );
    const text = rows[0]?.value;
    return text === undefined ? undefined : (fromBufferJson(text) as AuthenticationCreds);
  }

  /**
   * Queues a write of the whole credentials object as it is now. Updates that arrive while that
   * write is still the last one queued are merged into it (the last state wins), so a burst of
   * `creds.update` events costs one row update; after a key write was queued, a new write is
   * queued behind it, so credentials and keys reach PostgreSQL in the order Baileys made them.
   */
  writeCreds(account: string, creds: AuthenticationCreds): Promise<void> {
    const json = toBufferJson(creds);
    const tail = this.tailCreds.get(account);
    if (tail) {
      tail.json = json;
      return this.flush(account);
    }
    const slot: { json: string | undefined } = { json };
    this.tailCreds.set(account, slot);
    return this.enqueue(account, async () => {
      if (this.tailCreds.get(account) === slot) this.tailCreds.delete(account);
      if (slot.json === undefined) return;
      await this.fencedTransaction(account, (client) =>
        client.query(
          `INSERT INTO whatsapp_auth (account, kind, id, value, updated_at) VALUES ($1, $2, $2, $3::jsonb, now())
           ON CONFLICT (account, kind, id) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
          [account, CREDS, slot.json],
        ),
      );
    });
  }

  /** Baileys' `SignalKeyStore` for one account (wrap it in `makeCacheableSignalKeyStore`). */
  keys(account: string): SignalKeyStore {
    return {
      get: (type, ids) => this.getKeys(account, type, ids),
      set: (data) => this.setKeys(account, data),
      clear: () => this.clear(account),
    };
  }

  /** Deletes everything stored for the account (after a logout): the next start pairs again. */
  clear(account: string): Promise<void> {
    const tail = this.tailCreds.get(account);
    if (tail) tail.json = undefined; // about to be deleted anyway
    this.tailCreds.delete(account);
    return this.enqueue(account, () =>
      this.fencedTransaction(account, (client) =>
        client.query('DELETE FROM whatsapp_auth WHERE account = $1', [account]),
      ),
    );
  }

  /** Resolves once every write queued so far (for one account, or all) has reached PostgreSQL. */
  async flush(account?: string): Promise<void> {
    const tails = account === undefined ? [...this.queues.values()] : [this.queues.get(account)];
    await Promise.all(tails);
  }

  private async getKeys<T extends keyof SignalDataTypeMap>(
    account: string,
    type: T,
    ids: string[],
  ): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
    const result: { [id: string]: SignalDataTypeMap[T] } = {};
    if (ids.length === 0) return result;
    await this.flush(account);
    const { rows } = await this.pool.query<{ id: string; value: string }>(
      'SELECT id, value::text AS value FROM whatsapp_auth WHERE account = $1 AND kind = $2 AND id = ANY($3::text[])',
      [account, type, ids],
    );
    for (const row of rows) {
      const value = fromBufferJson(row.value);
      result[row.id] = (
        type === 'app-state-sync-key' ? fixAppStateKey(value) : value
      ) as SignalDataTypeMap[T];
    }
    return result;
  }

  /** One transaction per call: upserts the values, deletes the keys set to null. */
  private setKeys(account: string, data: SignalDataSet): Promise<void> {
    const upserts: { kind: string[]; id: string[]; value: string[] } = { kind: [], id: [], value: [] };
    const deletes: { kind: string[]; id: string[] } = { kind: [], id: [] };
    for (const [kind, entries] of Object.entries(data)) {
      for (const [id, value] of Object.entries(entries ?? {})) {
        if (value === null || value === undefined) {
          deletes.kind.push(kind);
          deletes.id.push(id);
        } else {
          upserts.kind.push(kind);
          upserts.id.push(id);
          upserts.value.push(toBufferJson(value));
        }
      }
    }
    if (upserts.id.length === 0 && deletes.id.length === 0) return Promise.resolve();
    this.tailCreds.delete(account); // later credentials queue behind these keys
    return this.enqueue(account, () =>
      this.fencedTransaction(account, async (client) => {
        if (deletes.id.length > 0) {
          await client.query(
            `DELETE FROM whatsapp_auth WHERE account = $1
               AND (kind, id) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
            [account, deletes.kind, deletes.id],
          );
        }
        if (upserts.id.length > 0) {
          await client.query(
            `INSERT INTO whatsapp_auth (account, kind, id, value, updated_at)
             SELECT $1, k, i, v::jsonb, now() FROM unnest($2::text[], $3::text[], $4::text[]) AS t(k, i, v)
             ON CONFLICT (account, kind, id) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
            [account, upserts.kind, upserts.id, upserts.value],
          );
        }
      }),
    );
  }

  /** `work` in one transaction, after checking under a share lock that no one claimed the account since this process did. */
  private async fencedTransaction(
    account: string,
    work: (client: PoolClient) => Promise<unknown>,
  ): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const epoch = this.epochs.get(account);
      if (epoch !== undefined) {
        const { rows } = await client.query<{ epoch: string }>(
          'SELECT epoch::text AS epoch FROM whatsapp_auth_fence WHERE account = $1 FOR SHARE',
          [account],
        );
        if (rows[0]?.epoch !== epoch) throw new AuthFencedOff(account, epoch, rows[0]?.epoch);
      }
      await work(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Runs `task` after every task queued before it for the account, even ones that failed. */
  private enqueue(account: string, task: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(account) ?? Promise.resolve();
    const run = previous.then(task);
    const tail = run.catch((error: unknown) => {
      this.logger?.error({ err: error, account }, 'whatsapp auth store: write failed');
      for (const listener of this.failureListeners) listener(account, error, error instanceof AuthFencedOff);
    });
    this.queues.set(account, tail);
    void tail.then(() => {
      if (this.queues.get(account) === tail) this.queues.delete(account);
    });
    return run;
  }
}
