import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import calculateSlot from 'cluster-key-slot';
import { ChatPacer } from '../../src/channels/telegram/pacer';
import { ReplyLedger } from '../../src/channels/whatsapp/reply-ledger';
import { SendPacer } from '../../src/channels/whatsapp/send-pacer';
import { serversOf } from '../../src/core/redis-client';
import { RedisKeys } from '../../src/core/redis-keys';
import { LUA_SCRIPTS, runLua } from '../../src/core/redis-script';
import { ConversationStore } from '../../src/stores/conversation-store';
import { RedisLease } from '../../src/stores/redis-lease';
import { IntakeStore } from '../../src/stores/intake-store';
import { RedisModelCallLimiter } from '../../src/stores/model-call-limiter';
import { RedisToolCallLimiter } from '../../src/stores/tool-call-limiter';
import { TEST_REDIS_CLUSTER_NODES, testRedis } from '../support/test-env';

/**
 * On Redis Cluster every Lua script must touch keys of one hash slot (else CROSSSLOT). The real
 * stores and channels run each script here, on the real Redis (or the local cluster), with
 * representative ids; every call's KEYS are checked to share a slot, and every script in
 * src/core/lua must have been run.
 */
describe('Redis key slots', () => {
  const redis = testRedis();
  const keys = new RedisKeys(`t${randomUUID().slice(0, 8)}`);
  const calls: Array<{ script: string; keys: string[] }> = [];
  const shas = new Map<string, string>();

  beforeAll(() => {
    // Which script a SHA is: runLua hashes the file's text the same way, and always tries
    // EVALSHA first (EVAL only after NOSCRIPT, with the same keys).
    for (const name of LUA_SCRIPTS) {
      const source = readFileSync(join(__dirname, '../../src/core/lua', `${name}.lua`), 'utf8');
      shas.set(createHash('sha1').update(source).digest('hex'), name);
    }
    const evalsha = redis.evalsha.bind(redis) as (...args: unknown[]) => unknown;
    jest.spyOn(redis, 'evalsha').mockImplementation(((...args: unknown[]) => {
      const [sha, count, ...rest] = args as [string, number, ...unknown[]];
      calls.push({ script: shas.get(sha) ?? sha, keys: rest.slice(0, Number(count)).map(String) });
      return evalsha(...args);
    }) as never);
  });
  afterAll(() => redis.quit());

  it('every script keeps its keys in one slot', async () => {
    const conversations = new ConversationStore(redis, keys, { lockTtlMs: 5_000, dedupeTtlSec: 60 });
    const conversationId = randomUUID();
    const message = { id: randomUUID(), conversationId };
    const seen = keys.conversationDedupe(conversationId, 'telegram', 'bot', '42');
    await conversations.inFlight(conversationId, 'tenant-1', seen);
    expect(await conversations.push(message, seen)).toBe(true);
    expect(await conversations.push(message, seen)).toBe(false);
    const taken = await conversations.tryLock<{ id: string }>(conversationId);
    expect(taken?.head?.id).toBe(message.id);
    await conversations.renew(taken!.lock);
    await conversations.commit(
      taken!.lock,
      message.id,
      'tenant-1',
      { value: '{}', ttlSec: 60 },
      { op: 'keep' },
    );
    await conversations.push(
      { id: randomUUID(), conversationId },
      keys.conversationDedupe(conversationId, 'telegram', 'bot', '43'),
    );
    const again = await conversations.tryLock(conversationId);
    await conversations.dropHead(again!.lock);
    await conversations.release(again!.lock);
    // With its tenant, the lock reads the conversation's state and pending confirmation too.
    const withState = await conversations.tryLock(conversationId, randomUUID());
    await conversations.release(withState!.lock, { force: true });
    await conversations.replaceStateIfIdle(conversationId, '{}', '{"summary":1}');

    const whatsapp = keys.whatsapp('5511999990000');
    await new SendPacer(redis, whatsapp, {
      chatMinIntervalMs: 1,
      chatJitterMs: 0,
      accountMaxPerMinute: 60_000,
      maxWaitMs: 60_000,
    }).reserve('5511988887777@s.whatsapp.net');
    await new ChatPacer(redis, `${keys.telegramBot('bot')}:pace`, {
      privateIntervalMs: 1,
      groupIntervalMs: 1,
    }).reserve('12345');
    await new ReplyLedger(redis, whatsapp, { sentTtlSec: 60, inFlightTtlSec: 60 }).release('r1', 'token');
    const lease = new RedisLease(redis, 'slots', { keyPrefix: keys.prefix, ttlMs: 5_000 });
    await lease.tryAcquire();
    await lease.renew();
    const chat = { channel: 'telegram', account: 'bot', chatId: '12345' };
    await runLua(redis, 'reply-before-send', [keys.sent(chat, 'r1'), keys.chatSequence(chat, 'sent')]);
    await runLua(redis, 'reply-sent', [keys.sent(chat, 'r1'), keys.chatSequence(chat, 'sent')], [60, 1, 60]);
    await runLua(
      redis,
      'reply-place',
      [keys.chatSequence(chat, 'queued'), keys.chatReplyPlaces(chat)],
      ['r1', 60, 60, 1000],
    );
    await runLua(
      redis,
      'raise-counter',
      [keys.chatSequence({ channel: 'telegram', account: 'bot', chatId: '12345' }, 'sent')],
      [1, 60],
    );
    const intake = new IntakeStore(redis, keys, { ttlSec: 60, lockTtlMs: 5_000 });
    const sender = intake.senderOf({ ...chat, externalUserId: '{weird}:id' });
    expect(await intake.hold(sender, '44', { id: 'm1', receivedAt: '', envelope: {} })).toBe(true);
    const token = await intake.lock(sender);
    expect(await intake.dropHead(sender, token!)).toBe(true);
    await intake.unlock(sender, token!);
    for await (const waiting of intake.waiting()) await intake.forget(waiting);
    const limits = { perTenantPerMinute: 10, perUserPerMinute: 10 };
    expect(await new RedisModelCallLimiter(redis, keys, limits).take('tenant-1', 'user-1', new Date())).toBe(
      true,
    );
    expect(await new RedisToolCallLimiter(redis, keys).take('user-1', 'create_boleto', 10, new Date())).toBe(
      true,
    );

    // On one server the mailbox scripts also update the set of waiting mailboxes (no slots
    // there); on the cluster they must not, and every key of a call shares one slot.
    const waitingSet = keys.activeMailboxes();
    const slotted = calls.map((call) => ({
      ...call,
      keys: redis.isCluster ? call.keys : call.keys.filter((key) => key !== waitingSet),
    }));
    const crossSlot = slotted.filter((call) => new Set(call.keys.map((key) => calculateSlot(key))).size > 1);
    expect(crossSlot).toEqual([]);
    const withWaitingSet = calls.filter((call) => call.keys.includes(waitingSet)).map((call) => call.script);
    expect(new Set(withWaitingSet)).toEqual(
      redis.isCluster ? new Set() : new Set(['mailbox-push', 'mailbox-commit', 'mailbox-release']),
    );
    expect(new Set(calls.map((call) => call.script))).toEqual(new Set(LUA_SCRIPTS));
  });

  it('runs on the cluster when `npm run test:cluster` started one', async () => {
    await redis.ping();
    expect(redis.isCluster).toBe(TEST_REDIS_CLUSTER_NODES !== undefined);
    if (redis.isCluster) expect(serversOf(redis)).toHaveLength(3);
  });

  it('lists every script of src/core/lua', () => {
    const files = readdirSync(join(__dirname, '../../src/core/lua')).map((file) =>
      file.replace(/\.lua$/, ''),
    );
    expect([...LUA_SCRIPTS].sort()).toEqual(files.sort());
  });

  it('spreads what is used alone over the slots, whatever the prefix', () => {
    // A tag in IRIS_PREFIX itself would put every key in one slot: the config refuses braces.
    const ids = Array.from({ length: 50 }, () => randomUUID());
    expect(new Set(ids.map((id) => calculateSlot(keys.mailbox(id)))).size).toBeGreaterThan(40);
    expect(calculateSlot(keys.mailbox('a'))).toBe(calculateSlot(keys.conversationLock('a')));
  });
});
