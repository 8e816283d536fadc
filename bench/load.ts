import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ingress } from '../src/core/channel';
import type { OutboundMessage } from '../src/core/messages';
import type { Person } from './population';

/**
 * The realistic mix one person goes through, again and again: create a boleto, confirm it with
 * "sim", ask for its status, list the boletos. Half the messages are the confirmed write, a
 * quarter a lookup by number, a quarter a list. `expect` tells a proper answer from a
 * clarification or an error (counted as "unexpected", and the person starts over).
 */
export const SCRIPT: ReadonlyArray<{ kind: string; text: (c: Conversation) => string; expect: RegExp }> = [
  {
    kind: 'create',
    text: (c) => `cria um boleto de R$ ${100 + (c.index % 900)},50 pro Maria Oliveira pra dia 10/12/2099`,
    expect: /Confirma\?/,
  },
  { kind: 'confirm', text: () => 'sim', expect: /Boleto nº \d+ criado/ },
  { kind: 'status', text: (c) => `qual o status do boleto ${c.lastBoleto}?`, expect: /Boleto nº \d+/ },
  { kind: 'list', text: () => 'lista meus boletos', expect: /boleto/i },
];

export class Conversation {
  step = 0;
  lastBoleto = 1;
  constructor(
    readonly index: number,
    readonly person: Person,
    readonly chatId: string,
  ) {}
}

export interface RunResult {
  label: string;
  /** Messages the schedule wanted to send (open loop), or sent (closed loop). */
  offered: number;
  sent: number;
  answered: number;
  /** Offered while every conversation was waiting for a reply: the system was saturated. */
  starved: number;
  unexpected: number;
  ingressErrors: number;
  /** The distinct reasons ingress failed, with counts (first 5 reasons). */
  ingressErrorReasons: Record<string, number>;
  /** Measured window. */
  seconds: number;
  /** Answers per second within the window. */
  throughput: number;
  latenciesMs: number[];
}

interface InFlight {
  conversation: Conversation;
  started: number;
  platformMessageId: string;
}

/**
 * Offers load through ingress, exactly as a channel adapter does, and matches the replies the
 * sender receives back to their messages. Each conversation has at most one message in flight
 * (a person waits for the answer), so replies are matched by chat. Latency is from the call
 * into ingress to the reply reaching the sender.
 */
export class LoadDriver {
  private readonly inFlight = new Map<string, InFlight>();
  private readonly idle: Conversation[];
  private seq = 0;
  private window = { from: 0, to: Infinity };
  private result!: RunResult;
  private drained: (() => void) | undefined;

  constructor(
    private readonly ingress: Ingress,
    private readonly account: string,
    readonly conversations: Conversation[],
    private readonly tag: string,
  ) {
    this.idle = [...conversations];
  }

  static forPeople(ingress: Ingress, account: string, people: Person[], tag: string): LoadDriver {
    return new LoadDriver(
      ingress,
      account,
      people.map((p, i) => new Conversation(i, p, `${tag}-chat-${i}`)),
      tag,
    );
  }

  /** The sender's callback: one reply reached the platform. */
  onReply = (reply: OutboundMessage): void => {
    // A boleto's PDF follows its creation on its own (after the "criado" reply): not the answer
    // to the message in flight, which it would otherwise be taken for.
    if (reply.document) return;
    const flight = this.inFlight.get(reply.chatId);
    if (!flight) return; // a second reply of the same turn, or a late one from a previous run
    this.inFlight.delete(reply.chatId);
    const now = performance.now();
    const c = flight.conversation;
    const step = SCRIPT[c.step % SCRIPT.length]!;
    if (step.expect.test(reply.text)) {
      const number = /Boleto nº (\d+)/.exec(reply.text);
      if (number && step.kind === 'confirm') c.lastBoleto = Number(number[1]);
      c.step++;
    } else {
      this.result.unexpected++;
      c.step = 0;
    }
    if (now >= this.window.from && now <= this.window.to) {
      this.result.answered++;
      this.result.latenciesMs.push(now - flight.started);
    }
    this.idle.push(c);
    this.onIdle?.(c);
    if (this.drained && this.inFlight.size === 0) this.drained();
  };

  private onIdle: ((c: Conversation) => void) | undefined;

  private send(c: Conversation): void {
    const platformMessageId = `${this.tag}-${++this.seq}`;
    const started = performance.now();
    this.inFlight.set(c.chatId, { conversation: c, started, platformMessageId });
    this.result.sent++;
    this.ingress
      .handle({
        channel: 'console',
        account: this.account,
        platformMessageId,
        externalUserId: c.person.externalUserId,
        chatId: c.chatId,
        sentAt: new Date().toISOString(),
        content: { type: 'text', text: SCRIPT[c.step % SCRIPT.length]!.text(c) },
      })
      .then(
        (outcome) => {
          if (outcome.status !== 'queued') throw new Error(`ingress said ${outcome.status}`);
        },
        (error: unknown) => {
          throw error;
        },
      )
      .catch((error: unknown) => {
        this.result.ingressErrors++;
        const reason = error instanceof Error ? error.message.slice(0, 80) : String(error);
        const reasons = this.result.ingressErrorReasons;
        if (reasons[reason] !== undefined || Object.keys(reasons).length < 5)
          reasons[reason] = (reasons[reason] ?? 0) + 1;
        this.inFlight.delete(c.chatId);
        this.idle.push(c);
      });
  }

  private begin(label: string): void {
    this.result = {
      label,
      offered: 0,
      sent: 0,
      answered: 0,
      starved: 0,
      unexpected: 0,
      ingressErrors: 0,
      ingressErrorReasons: {},
      seconds: 0,
      throughput: 0,
      latenciesMs: [],
    };
  }

  /**
   * Maximum throughput: `concurrency` people, each sending their next message the moment the
   * previous one is answered. Counts the answers that arrive between the end of the warm-up
   * and the end (and their latencies).
   */
  async closedLoop(options: {
    concurrency: number;
    seconds: number;
    warmupSeconds: number;
  }): Promise<RunResult> {
    this.begin(`max (closed loop, ${options.concurrency} in flight)`);
    const start = performance.now();
    this.window = { from: start + options.warmupSeconds * 1000, to: start + options.seconds * 1000 };
    let stop = false;
    // Each answer lets the person idle longest speak next, so `concurrency` conversations are in
    // flight among everyone: a person writes every few seconds, as people do, and never meets a
    // tool's calls-per-minute limit (a few people answering hundreds of messages a minute would).
    this.onIdle = () => {
      if (stop) return;
      const next = this.idle.shift();
      if (next) this.send(next);
    };
    for (let i = 0; i < options.concurrency; i++) {
      const c = this.idle.shift();
      if (c) this.send(c);
    }
    await sleep(options.seconds * 1000);
    stop = true;
    this.result.offered = this.result.sent;
    return this.finish((options.seconds - options.warmupSeconds) * 1000);
  }

  /**
   * A fixed offered load: `rate` messages per second for `seconds`, whatever the answers do (an
   * open loop). A message is due every 1/rate s and goes to a person who is not waiting for an
   * answer; when everyone is waiting, the message is counted as starved instead.
   */
  async openLoop(options: { rate: number; seconds: number }): Promise<RunResult> {
    this.begin(`${options.rate} msg/s offered`);
    const start = performance.now();
    this.window = { from: start, to: Infinity };
    this.onIdle = undefined;
    const total = Math.round(options.rate * options.seconds);
    while (this.result.offered < total) {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * options.rate));
      while (this.result.offered < due) {
        this.result.offered++;
        const c = this.idle.shift();
        if (c) this.send(c);
        else this.result.starved++;
      }
      await sleep(2);
    }
    return this.finish(performance.now() - start);
  }

  /**
   * One step of the script for the first `people` conversations, `inFlight` at a time, waiting
   * for every answer: the unit the bench counts round trips and queries per turn of each kind
   * on. A bounded number in flight keeps Prisma from batching everyone's lookups into one query.
   */
  async step(people: number, inFlight = 16): Promise<RunResult> {
    const batch = this.conversations.slice(0, people);
    this.begin(`step ${SCRIPT[batch[0]!.step % SCRIPT.length]!.kind}`);
    const start = performance.now();
    this.window = { from: start, to: Infinity };
    const next = () => {
      const c = batch.shift();
      if (!c) return;
      this.idle.splice(this.idle.indexOf(c), 1);
      this.send(c);
    };
    this.result.offered = batch.length;
    this.onIdle = () => next();
    for (let i = 0; i < inFlight; i++) next();
    while (batch.length > 0) await sleep(5);
    return this.finish(0);
  }

  /** Waits (bounded) for the answers still in flight, then closes the books of the run. */
  private async finish(windowMs: number): Promise<RunResult> {
    if (this.inFlight.size > 0) {
      await Promise.race([new Promise<void>((resolve) => (this.drained = resolve)), sleep(30_000)]);
    }
    this.drained = undefined;
    this.onIdle = undefined;
    if (this.window.to === Infinity) {
      // Open loop: the throughput is what was answered over the time it took to answer it.
      const last = performance.now();
      windowMs = Math.max(windowMs, last - this.window.from);
    }
    this.result.seconds = windowMs / 1000;
    this.result.throughput = this.result.answered / this.result.seconds;
    // Whatever is still in flight after the drain is abandoned (reported as unanswered).
    for (const flight of this.inFlight.values()) this.idle.push(flight.conversation);
    this.inFlight.clear();
    return this.result;
  }
}
