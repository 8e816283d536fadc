import { randomUUID } from 'node:crypto';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../config';
import { PipelineChild } from '../../bench/children';
import { createPopulation, type Person } from '../../bench/population';
import { quantile } from '../../bench/report';
import { dropPrefix } from '../../bench/scenario';
import { Queue } from 'bullmq';
import { Container } from '../../src/app/container';
import { conversationIdFor } from '../../src/app/ingress';
import { outboundQueueName } from '../../src/queues/names';
import { startOutboundWorker } from '../../src/queues/outbound-worker';
import { createPrismaClient } from '../../src/stores/prisma/client';
import { PrivateRedis } from './private-redis';
import { Faults, type FaultPlan } from './faults';
import { Platform, type Exchange } from './platform';
import { hostPort, TcpProxy, withPort } from './tcp-proxy';
import { verify, type ConversationRecord, type Verdict } from './verify';

export interface ChaosOptions extends FaultPlan {
  /** Direct URLs of the servers; Iris reaches them through the suite's proxies. */
  databaseUrl: string;
  redisUrl: string;
  /** People, each creating a boleto and answering the proposal. */
  conversations: number;
  /** Every n-th person answers "não" (the control group: nothing may be created for them). */
  refuseEvery: number;
  /** People start spread over this time, so faults hit conversations at every step. */
  spreadMs: number;
  /**
   * What each person says: `create` (a full request, then "sim"/"não"), or `soak` (mixed short
   * conversations: a contact to clarify, an amount asked for, an unclear answer while the
   * proposal waits, a list afterwards) with random pauses of up to `pauseMs` between messages.
   */
  script?: 'create' | 'soak';
  pauseMs?: number;
  /**
   * Run on a Redis server of the suite's own (append-only, with this fsync policy) instead of
   * `redisUrl`, so that `redisKill` can SIGKILL and restart it.
   */
  privateRedis?: { appendfsync: 'always' | 'everysec' };
  replyTimeoutMs: number;
  /** The whole run stops by itself after this, whatever is still waiting. */
  deadlineMs: number;
  log?: (line: string) => void;
  /** Writes every message's figures here (JSON: sent at, taken, first seen, answered), to study a tail. */
  dumpPath?: string;
}

export interface ChaosReport extends Verdict {
  seconds: number;
  conversations: number;
  created: number;
  refused: number;
  notConfirmed: number;
  deliveries: number;
  redeliveries: number;
  duplicatesDropped: number;
  genericErrors: number;
  /** Notices Iris sent the tenants' owners on its own (a new boleto's PDF), not answers. */
  noticesToUsers: number;
  latencyMs: { p50: number; p99: number; max: number };
  /**
   * Until the person saw anything: the answer, or before it the note that it is delayed (sent
   * once a message has waited `PRODUCT.holdNoticeAfterMs` while its turn fails on a store away).
   */
  firstResponseMs: { p50: number; p99: number; max: number; notes: number };
  /**
   * The same for the messages sent while PostgreSQL and Redis were reachable: what a killed
   * process, a duplicate or a retry cost. A message sent during a store outage waits for the
   * store (it is held, never failed), so its latency is the outage's length, not Iris' speed.
   */
  latencyOutsideOutagesMs: { p50: number; p99: number; max: number; messages: number };
  /**
   * The messages sent while a store was away: how long until ingress took them (the platform
   * redelivers until it does) and until the person saw anything.
   */
  duringOutages: {
    messages: number;
    acceptedP50Ms: number;
    acceptedP99Ms: number;
    firstResponseP99Ms: number;
  };
  /** Why ingress refused deliveries (first line of the error), most frequent first. */
  ingressRefusals: Array<[string, number]>;
  /** The slowest of those: when each was sent (seconds after the start) and how long it took. */
  slowestOutsideOutages: Array<{ sentAtS: number; ms: number }>;
  faults: ReturnType<Faults['summary']>;
  /** The first few answers that were not the expected proposal or result. */
  unexpectedReplies: string[];
  /** Where the pipeline processes' stderr went. */
  stderrPath: string;
}

const CREATE = /Confirma\?/;
const CREATE_JOAO = /para João Silva, .*Confirma\?/s;

/**
 * The chaos suite: people create and confirm boletos while pipeline processes are SIGKILLed
 * mid-turn, PostgreSQL and Redis are cut (TCP proxies: the servers stay up) and every message
 * is delivered twice; then the guarantees are checked (verify.ts). The channel side — ingress —
 * goes through the proxies too; the sender that hands replies to the "platform" talks to Redis
 * directly, so that "no reply twice" measures Iris and not the one send-then-mark window a
 * sender has by nature (see the README, "Performance").
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const prefix = `chaos-${randomUUID().slice(0, 8)}`;
  const db = createPrismaClient(options.databaseUrl, { max: 4 });
  const privateRedis = options.privateRedis ? new PrivateRedis(options.privateRedis.appendfsync) : undefined;
  await privateRedis?.start();
  const redisUrl = privateRedis?.url ?? options.redisUrl;
  const redisProxy = new TcpProxy(hostPort(redisUrl, 6379));
  const pgProxy = new TcpProxy(hostPort(options.databaseUrl, 5432));
  const proxied = {
    REDIS_URL: withPort(redisUrl, await redisProxy.start()),
    DATABASE_URL: withPort(options.databaseUrl, await pgProxy.start()),
  };
  const people = await createPopulation(db, {
    tag: prefix,
    tenants: Math.ceil(options.conversations / 10),
    usersPerTenant: 10,
  });
  // The owners' notices on, as in production (the test setup turns them off for other files):
  // the run must tell them apart from answers, in jest as in `npm run chaos`.
  const env = {
    ...proxied,
    IRIS_PREFIX: prefix,
    LOG_LEVEL: process.env.CHAOS_LOG ?? 'silent',
    BOLETO_NOTICES: 'true',
  };
  const ingressSide = new Container(loadConfig(env), { role: 'chaos-ingress' });
  const senderSide = new Container(loadConfig({ ...env, REDIS_URL: redisUrl }), {
    role: 'chaos-sender',
  });
  const account = randomUUID();
  const platform = new Platform(ingressSide.ingress, account, prefix, {
    replyTimeoutMs: options.replyTimeoutMs,
    giveUpAt: started + options.deadlineMs,
  });
  const sender = startOutboundWorker({
    connection: senderSide.connection,
    prefix,
    redis: senderSide.redis,
    keys: senderSide.keys,
    channel: 'console',
    account,
    sender: { send: platform.onReply },
    logger: senderSide.logger,
    concurrency: 16,
  });
  // The processes' stderr (connection errors are expected here) goes to a file, not the report.
  const stderrPath = join(tmpdir(), `${prefix}.stderr.log`);
  const stderr = openSync(stderrPath, 'a');
  const spawn = () =>
    new PipelineChild(
      'iris',
      { ...env, PIPELINE_CONCURRENCY: String(options.concurrency), CHECK_REDIS_POLICY: 'false' },
      { stderr },
    );
  const faults = new Faults(options, spawn, { postgres: pgProxy, redis: redisProxy }, log, privateRedis);
  await faults.startProcesses();
  log(`${options.conversations} conversations, ${options.processes} pipeline processes, prefix ${prefix}`);

  const t0 = Date.now();
  faults.schedule(t0);
  const records = await Promise.all(
    people.slice(0, options.conversations).map(async (person, i) => {
      await sleep(Math.floor((i / options.conversations) * options.spreadMs));
      return options.script === 'soak'
        ? converseSoak(platform, person, i, options.refuseEvery, options.pauseMs ?? 0)
        : converse(platform, person, i, options.refuseEvery);
    }),
  );
  faults.stop();
  log(`conversations done after ${((Date.now() - t0) / 1000).toFixed(1)} s; checking`);
  // Every reply that will ever come has come once nothing is left to do: no turn job, no message
  // in a mailbox (a killed holder's lock expires and the sweeper reschedules it), no reply to send.
  const quiet = await untilQuiet(senderSide, account, 90_000);
  log(quiet ? 'pipeline quiet; checking' : 'pipeline still busy after 90 s; checking anyway');

  try {
    const verdict = await verify(db, records, platform.replies, platform.strayReplies);
    const answered = records.flatMap((r) => r.exchanges).filter((e) => e.reply);
    const ms = answered.map((e) => e.ms);
    const first = answered.map((e) => e.firstResponseMs);
    const outages = storeOutages(options, t0);
    const duringOutage = (e: Exchange) => outages.some((o) => e.sentAt >= o.from && e.sentAt < o.to);
    const calmExchanges = answered.filter((e) => !duringOutage(e));
    const calm = calmExchanges.map((e) => e.ms);
    const held = answered.filter(duringOutage);
    const heldAccepted = held.map((e) => e.acceptedMs ?? e.ms);
    if (options.dumpPath) dumpExchanges(options.dumpPath, records, t0);
    const slowest = [...calmExchanges]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((e) => ({ sentAtS: (e.sentAt - t0) / 1000, ms: e.ms }));
    return {
      ...verdict,
      seconds: (Date.now() - started) / 1000,
      conversations: records.length,
      created: records.filter((r) => r.outcome === 'created').length,
      refused: records.filter((r) => r.outcome === 'refused').length,
      notConfirmed: records.filter((r) => r.outcome === 'no_proposal' || r.outcome === 'answer_failed')
        .length,
      deliveries: platform.deliveries,
      redeliveries: platform.redeliveries,
      duplicatesDropped: platform.duplicatesDropped,
      genericErrors: platform.replies.filter((r) => r.id.endsWith(':error')).length,
      noticesToUsers: platform.notices.length,
      latencyMs: { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), max: Math.max(0, ...ms) },
      firstResponseMs: {
        p50: quantile(first, 0.5),
        p99: quantile(first, 0.99),
        max: Math.max(0, ...first),
        notes: platform.replies.filter((r) => r.interim).length,
      },
      latencyOutsideOutagesMs: {
        p50: quantile(calm, 0.5),
        p99: quantile(calm, 0.99),
        max: Math.max(0, ...calm),
        messages: calm.length,
      },
      slowestOutsideOutages: slowest,
      duringOutages: {
        messages: held.length,
        acceptedP50Ms: quantile(heldAccepted, 0.5),
        acceptedP99Ms: quantile(heldAccepted, 0.99),
        firstResponseP99Ms: quantile(
          held.map((e) => e.firstResponseMs),
          0.99,
        ),
      },
      ingressRefusals: [...platform.ingressErrors].sort((a, b) => b[1] - a[1]).slice(0, 4),
      faults: faults.summary(),
      unexpectedReplies: records.flatMap((r) => r.unexpected).slice(0, 5),
      stderrPath,
    };
  } finally {
    await faults.stopProcesses();
    await sender.close();
    await Promise.all([redisProxy.close(), pgProxy.close()]);
    await Promise.all([ingressSide.close(), dropPrefix(senderSide.redis, prefix).catch(() => undefined)]);
    await senderSide.close();
    await db.$disconnect();
    await privateRedis?.stop();
    closeSync(stderr);
  }
}

/** A person's record before the first message; every n-th person is in the "não" group. */
function newRecord(person: Person, chatId: string, index: number, refuseEvery: number): ConversationRecord {
  return {
    tenantId: person.tenantId,
    conversationId: conversationIdFor(person.tenantId, 'console', chatId, person.userId),
    confirms: index % refuseEvery !== 0,
    exchanges: [],
    answer: undefined,
    outcome: 'no_proposal',
    unexpected: [],
  };
}

/** One person: "cria um boleto ..." until a proposal comes (at most 3 tries), then "sim" or "não". */
async function converse(
  platform: Platform,
  person: Person,
  index: number,
  refuseEvery: number,
): Promise<ConversationRecord> {
  const chatId = `chat-${person.userId}`;
  const record = newRecord(person, chatId, index, refuseEvery);
  const say = async (text: string) => {
    const exchange = await platform.exchange(person.externalUserId, chatId, text);
    record.exchanges.push(exchange);
    return exchange;
  };
  let proposed = false;
  for (let attempt = 0; attempt < 3 && !proposed; attempt++) {
    const reply = await say(`cria um boleto de R$ ${100 + index},00 pro Maria Oliveira pra dia 10/12/2099`);
    proposed = CREATE.test(reply.reply?.text ?? '');
    if (!proposed) record.unexpected.push(`create -> ${reply.reply?.text ?? '(no reply)'}`);
  }
  if (!proposed) return record;
  record.answer = await say(record.confirms ? 'sim' : 'não');
  const text = record.answer.reply?.text ?? '';
  if (record.confirms && /Boleto nº \d+ criado/.test(text)) record.outcome = 'created';
  else if (!record.confirms && /cancelada/.test(text)) record.outcome = 'refused';
  else {
    record.outcome = 'answer_failed';
    record.unexpected.push(`${record.confirms ? 'sim' : 'não'} -> ${text || '(no reply)'}`);
  }
  return record;
}

const AMBIGUOUS = /^Encontrei mais de um contato com esse nome: João Silva, João Souza\. Qual deles\?$/;
const ASKS_AMOUNT = /valor/i;
const STILL_WAITING = /^Confirma\? \(Sim\/Não\)$/;
const LISTED = /boleto/i;

/**
 * One person in the soak: one of three ways to a proposal, sometimes an unclear answer while it
 * waits, then "sim" or "não", sometimes a list afterwards; a random pause before each message.
 * Every message must be answered, once, with the reply its step expects.
 */
async function converseSoak(
  platform: Platform,
  person: Person,
  index: number,
  refuseEvery: number,
  pauseMs: number,
): Promise<ConversationRecord> {
  const chatId = `chat-${person.userId}`;
  const record = newRecord(person, chatId, index, refuseEvery);
  const say = async (text: string, expected: RegExp) => {
    await sleep(Math.floor(Math.random() * pauseMs));
    const exchange = await platform.exchange(person.externalUserId, chatId, text);
    record.exchanges.push(exchange);
    const reply = exchange.reply?.text ?? '';
    if (!expected.test(reply)) record.unexpected.push(`${text} -> ${reply || '(no reply)'}`);
    return exchange;
  };
  const amount = `R$ ${100 + index},00`;
  const way = index % 3;
  if (way === 0) {
    await say(`cria um boleto de ${amount} pro João pra dia 10/12/2099`, AMBIGUOUS);
    await say('o João Silva', CREATE_JOAO);
  } else if (way === 1) {
    await say('cria um boleto pro Maria Oliveira pra dia 10/12/2099', ASKS_AMOUNT);
    await say(amount, CREATE);
  } else {
    await say(`cria um boleto de ${amount} pro Maria Oliveira pra dia 10/12/2099`, CREATE);
  }
  if (index % 4 === 1) await say('hmm deixa eu ver', STILL_WAITING);
  record.answer = await say(
    record.confirms ? 'sim' : 'não',
    record.confirms ? /Boleto nº \d+ criado/ : /cancelada/,
  );
  const text = record.answer.reply?.text ?? '';
  if (record.confirms && /Boleto nº \d+ criado/.test(text)) record.outcome = 'created';
  else if (!record.confirms && /cancelada/.test(text)) record.outcome = 'refused';
  else record.outcome = 'answer_failed';
  if (index % 5 === 2) await say('quais boletos estão em aberto?', LISTED);
  return record;
}

/**
 * Waits until the pipeline has nothing left that could produce a reply: no turn job waiting,
 * running or delayed, no conversation mailbox holding a message, and no reply job unsent.
 * False when `timeoutMs` passed first.
 */
async function untilQuiet(c: Container, account: string, timeoutMs: number): Promise<boolean> {
  const outbound = new Queue(outboundQueueName('console', account), {
    connection: c.connection,
    prefix: c.queuePrefix,
  });
  const busy = ['waiting', 'active', 'delayed', 'prioritized'] as const;
  try {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
      const [turns, replies, mailboxes] = await Promise.all([
        c.turns.getJobCounts(...busy),
        outbound.getJobCounts(...busy),
        c.redis.zcard(c.keys.activeMailboxes()),
      ]);
      const pending = [turns, replies].flatMap((counts) => Object.values(counts));
      if (mailboxes === 0 && pending.every((n) => n === 0)) return true;
    }
    return false;
  } finally {
    await outbound.close();
  }
}

/** Every message's times, in ms from the start of the load (`--dump`). */
function dumpExchanges(path: string, records: ConversationRecord[], t0: number): void {
  const rows = records.flatMap((r) =>
    r.exchanges.map((e) => ({
      chatId: e.chatId,
      text: e.text,
      sentAtMs: e.sentAt - t0,
      acceptedMs: e.acceptedMs,
      firstResponseMs: e.firstResponseMs,
      answeredMs: e.reply ? e.ms : undefined,
    })),
  );
  writeFileSync(path, JSON.stringify(rows.sort((a, b) => a.sentAtMs - b.sentAtMs)));
}

/** When PostgreSQL or Redis was cut or killed, as epoch-ms windows. */
function storeOutages(options: ChaosOptions, t0: number): Array<{ from: number; to: number }> {
  const windows = [
    options.postgresCut && { atMs: options.postgresCut.atMs, forMs: options.postgresCut.forMs },
    options.redisCut && { atMs: options.redisCut.atMs, forMs: options.redisCut.forMs },
    options.redisKill && { atMs: options.redisKill.atMs, forMs: options.redisKill.downForMs },
  ];
  return windows
    .filter((w): w is { atMs: number; forMs: number } => Boolean(w))
    .map((w) => ({ from: t0 + w.atMs, to: t0 + w.atMs + w.forMs }));
}
