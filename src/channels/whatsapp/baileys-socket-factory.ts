import type { CacheStore, GroupMetadata, WAMessage } from '@whiskeysockets/baileys' with {
  'resolution-mode': 'import',
};
import { NodeCache } from '@cacheable/node-cache';
import { MediaTooLargeError } from './errors';
import { GroupMetadataCache, type GroupMetadataSource } from './group-metadata-cache';
import type {
  SentWaMessage,
  SocketFactory,
  WhatsappConnection,
  WhatsappEventMap,
  WhatsappSocket,
} from './ports';

/**
 * The one file that loads Baileys. Baileys 7 is ESM-only: Node 20 can import it from this
 * CommonJS build through a dynamic `import()`, jest's CommonJS loader cannot, so every value
 * import of Baileys stays behind this function (type-only imports elsewhere are erased) and the
 * tests inject a fake factory instead.
 *
 * Socket settings, and why:
 * - `version`: the current WhatsApp Web version when it can be fetched (once per process, 5 s at
 *   most), else the one bundled with Baileys: WhatsApp refuses versions it considers too old
 *   (405, the `outdated` state), and the bundled one ages with the package.
 * - `auth.keys` wrapped in `makeCacheableSignalKeyStore`: Baileys reads keys constantly; the
 *   cache keeps PostgreSQL for writes and cold reads.
 * - `getMessage`: answers retry requests from the sent-message store (see sent-message-store.ts).
 * - `shouldIgnoreJid`: statuses, broadcast lists and channels are never decrypted (Iris ignores
 *   them anyway, and their decryption failures flood the logs: WhiskeySockets/Baileys#2234).
 * - `syncFullHistory: false`, and Baileys' default `shouldSyncHistoryMessage` (everything but the
 *   FULL history): a bot needs no old chats, but the initial sync chunks carry the LID <-> phone
 *   mappings Baileys needs to address LID contacts and that `resolvePhoneForLid` reads. Turning
 *   every sync off makes Baileys warn of "instability and session errors" (rc14 socket.ts).
 * - `markOnlineOnConnect: false`: the number does not show "online" all day, and the phone keeps
 *   its notifications (what an operator watching the number wants).
 * - `cachedGroupMetadata`: groups' metadata from memory (group-metadata-cache.ts), so that a
 *   reply to a group does not fetch it every time (a cause of `rate-overlimit`).
 * - `msgRetryCounterCache`: one per number for the life of the process, so that the count of
 *   retries for a message that fails to decrypt survives reconnections instead of restarting
 *   (Baileys gives up on a message after its retries; without a shared cache it never does).
 */
const importBaileys = () => import('@whiskeysockets/baileys');
let loading: ReturnType<typeof importBaileys> | undefined;

/** Per number, kept across the reconnections of this process. */
const groupCaches = new Map<string, GroupMetadataCache<GroupMetadata>>();
const retryCounters = new Map<string, NodeCache<unknown>>();

function perAccount<T>(map: Map<string, T>, account: string, create: () => T): T {
  let value = map.get(account);
  if (value === undefined) {
    value = create();
    map.set(account, value);
  }
  return value;
}

/** Loads Baileys once per process (the first socket pays the import). */
function loadBaileys(): ReturnType<typeof importBaileys> {
  loading ??= importBaileys();
  return loading;
}

let fetchedVersion: Promise<[number, number, number] | undefined> | undefined;

/** WhatsApp Web's current version, asked once per process; undefined: use the bundled one. */
function protocolVersion(
  baileys: Awaited<ReturnType<typeof importBaileys>>,
  logger: { warn: (obj: object, msg: string) => void },
): Promise<[number, number, number] | undefined> {
  fetchedVersion ??= baileys
    .fetchLatestBaileysVersion({ signal: AbortSignal.timeout(5_000) })
    .then((latest) =>
      latest.isLatest || latest.error ? undefined : (latest.version as [number, number, number]),
    )
    .catch((error: unknown) => {
      logger.warn({ err: error }, 'WhatsApp Web version not fetched; using the bundled one');
      return undefined;
    });
  return fetchedVersion;
}

export function createBaileysSocketFactory(): SocketFactory {
  return async (params) => {
    const baileys = await loadBaileys();
    const logger = params.logger.child(
      { module: 'baileys', account: params.account },
      { level: params.baileysLogLevel },
    );
    const creds = params.creds ?? baileys.initAuthCreds();
    const groups = perAccount(groupCaches, params.account, () => new GroupMetadataCache<GroupMetadata>());
    const retries = perAccount(
      retryCounters,
      params.account,
      () => new NodeCache<unknown>({ stdTTL: 3600, useClones: false }),
    );
    const version = await protocolVersion(baileys, logger);
    const sock = baileys.makeWASocket({
      ...(version ? { version } : {}),
      auth: { creds, keys: baileys.makeCacheableSignalKeyStore(params.keys, logger) },
      logger,
      markOnlineOnConnect: false,
      syncFullHistory: false,
      cachedGroupMetadata: async (jid) => groups.get(jid),
      msgRetryCounterCache: retries as unknown as CacheStore, // the same get/set/del/flushAll, typed per call there
      shouldIgnoreJid: (jid) => Boolean(baileys.isJidBroadcast(jid) || baileys.isJidNewsletter(jid)),
      getMessage: async (key) => {
        const stored = await params.getMessage(key);
        return stored ? baileys.proto.Message.fromObject(stored) : undefined;
      },
    });

    const groupSource: GroupMetadataSource<GroupMetadata> = {
      on: (event: 'groups.update' | 'group-participants.update', listener: (arg: never) => void) =>
        sock.ev.on(event, listener as (arg: unknown) => void),
      fetch: (jid) => sock.groupMetadata(jid),
    };
    const groupFetchFailed = (error: unknown) => logger.warn({ err: error }, 'group metadata not fetched');
    groups.attach(groupSource, groupFetchFailed);
    sock.ev.on('messages.upsert', ({ messages }) => {
      for (const message of messages) {
        const jid = message.key.remoteJid;
        if (jid && baileys.isJidGroup(jid)) void groups.warm(jid, groupSource, groupFetchFailed);
      }
    });

    const socket: WhatsappSocket = {
      ev: {
        on: <K extends keyof WhatsappEventMap>(event: K, listener: (arg: WhatsappEventMap[K]) => void) =>
          sock.ev.on(event, listener as never),
        off: <K extends keyof WhatsappEventMap>(event: K, listener: (arg: WhatsappEventMap[K]) => void) =>
          sock.ev.off(event, listener as never),
      },
      get user() {
        const me = sock.user;
        return me ? { id: me.id, lid: me.lid ?? null } : undefined;
      },
      sendMessage: async (jid, content, options) =>
        (await sock.sendMessage(jid, content, options as never)) as SentWaMessage | undefined,
      sendPresenceUpdate: (type, jid) => sock.sendPresenceUpdate(type, jid),
      readMessages: (keys) => sock.readMessages(keys as never),
      requestPairingCode: (phoneNumber) => sock.requestPairingCode(phoneNumber),
      end: (error) => sock.end(error),
    };

    const connection: WhatsappConnection = {
      socket,
      creds,
      downloadMedia: async (message, { maxBytes }) => {
        const stream = await baileys.downloadMediaMessage(
          message as unknown as WAMessage,
          'stream',
          { options: { signal: AbortSignal.timeout(params.audioDownloadTimeoutMs) } },
          // Expired media (404/410): ask the sender's phone to upload it again, then retry.
          { reuploadRequest: sock.updateMediaMessage, logger },
        );
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of stream) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          size += bytes.length;
          if (size > maxBytes) {
            stream.destroy();
            throw new MediaTooLargeError(maxBytes);
          }
          chunks.push(bytes);
        }
        return Buffer.concat(chunks);
      },
      resolvePhoneForLid: async (lid) =>
        (await sock.signalRepository.lidMapping.getPNForLID(lid)) ?? undefined,
      onActivity: (listener) => {
        sock.ws.on('frame', listener);
      },
    };
    return connection;
  };
}
