import type { PrivateRedis } from './private-redis';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PipelineChild } from '../../bench/children';
import type { TcpProxy } from './tcp-proxy';

/** When and how the suite breaks things, in ms from the start of the conversations. */
export interface FaultPlan {
  /** Pipeline processes alive at any time (a killed one is replaced at once). */
  processes: number;
  /** PIPELINE_CONCURRENCY of each. */
  concurrency: number;
  /** A pipeline process is SIGKILLed at each of these moments, mid-turn. */
  killAtMs: number[];
  postgresCut?: { atMs: number; forMs: number };
  redisCut?: { atMs: number; forMs: number };
  /**
   * The cuts leave connections open and silent instead of resetting them (`TcpProxy.stall`):
   * what a process sees when packets are dropped. New connections are swallowed too until the
   * end of the cut; the connections that were open stay silent for ever.
   */
  silentCuts?: boolean;
  /** The Redis server itself is SIGKILLed and started again on its files (needs a private one). */
  redisKill?: { atMs: number; downForMs: number };
}

/**
 * Runs the fault plan: the pipeline processes (forked bench/pipeline-child.ts), their SIGKILLs
 * and replacements, and the cuts of the proxies in front of PostgreSQL and Redis.
 *
 * "Mid-turn": before a kill, the processes are asked (over IPC) whether they have SQL statements
 * waiting for PostgreSQL — a turn in the middle of its work — and the first that has is killed
 * (after 5 s of asking without luck, the next in turn is: during a PostgreSQL cut, for example).
 */
export class Faults {
  private readonly children: PipelineChild[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private next = 0;
  readonly kills: Array<{ atMs: number; pid: number; midTurn: boolean }> = [];
  readonly cuts: Array<{ what: string; atMs: number; forMs: number }> = [];

  constructor(
    private readonly plan: FaultPlan,
    private readonly spawn: () => PipelineChild,
    private readonly proxies: { postgres: TcpProxy; redis: TcpProxy },
    private readonly log: (line: string) => void,
    private readonly redisServer?: PrivateRedis,
  ) {}

  async startProcesses(): Promise<void> {
    for (let i = 0; i < this.plan.processes; i++) this.children.push(this.spawn());
    await Promise.all(this.children.map((c) => c.ready));
  }

  schedule(t0: number): void {
    const at = (ms: number, fn: () => void) =>
      this.timers.push(setTimeout(fn, Math.max(0, t0 + ms - Date.now())));
    for (const ms of this.plan.killAtMs) at(ms, () => void this.killOne(t0));
    this.scheduleRedisKill(at, t0);
    for (const [what, cut] of [
      ['postgres', this.plan.postgresCut],
      ['redis', this.plan.redisCut],
    ] as const) {
      if (!cut) continue;
      const proxy = this.proxies[what];
      at(cut.atMs, () => {
        this.log(`${this.plan.silentCuts ? 'silence' : 'cut'} ${what} for ${cut.forMs / 1000} s`);
        if (this.plan.silentCuts) proxy.stall();
        else proxy.cut();
        this.cuts.push({
          what: this.plan.silentCuts ? `${what} silent` : what,
          atMs: Date.now() - t0,
          forMs: cut.forMs,
        });
      });
      at(cut.atMs + cut.forMs, () => {
        proxy.restore();
        this.log(`${what} back`);
      });
    }
  }

  private scheduleRedisKill(at: (ms: number, fn: () => void) => void, t0: number): void {
    const kill = this.plan.redisKill;
    const server = this.redisServer;
    if (!kill || !server) return;
    at(kill.atMs, () => {
      this.log(
        `SIGKILL redis-server (appendfsync ${server.appendfsync}); down for ${kill.downForMs / 1000} s`,
      );
      server.kill();
      this.cuts.push({
        what: `redis killed (appendfsync ${server.appendfsync})`,
        atMs: Date.now() - t0,
        forMs: kill.downForMs,
      });
    });
    at(kill.atMs + kill.downForMs, () => {
      void server.restart().then(
        () => this.log('redis-server restarted on its append-only file'),
        (error: unknown) => this.log(`redis-server did not restart: ${String(error)}`),
      );
    });
  }

  /** Cancels what has not happened yet and puts both servers back. */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.proxies.postgres.restore();
    this.proxies.redis.restore();
  }

  async stopProcesses(): Promise<void> {
    await Promise.all(this.children.map((c) => c.stop().catch(() => c.kill())));
  }

  summary() {
    return {
      kills: this.kills.length,
      killedMidTurn: this.kills.filter((k) => k.midTurn).length,
      processesStarted: this.children.length,
      cuts: this.cuts,
      connectionsReset: this.proxies.postgres.refused + this.proxies.redis.refused,
    };
  }

  private async killOne(t0: number): Promise<void> {
    // The first process found with SQL in flight, asking all of them for up to 5 s; otherwise
    // (a PostgreSQL cut, replacements still starting) the next one in turn.
    let victim: PipelineChild | undefined;
    for (const deadline = Date.now() + 5_000; !victim && Date.now() < deadline; await sleep(5)) {
      const alive = this.children.filter((c) => c.alive);
      const busy = await Promise.all(
        alive.map((c) =>
          c.counts().then(
            (n) => n.sqlInFlight > 0,
            () => false,
          ),
        ),
      );
      victim = alive.find((_, i) => busy[i]);
    }
    const midTurn = victim !== undefined;
    if (!victim) {
      const alive = this.children.filter((c) => c.alive);
      victim = alive[this.next++ % Math.max(1, alive.length)];
    }
    if (!victim) return;
    victim.kill('SIGKILL');
    this.kills.push({ atMs: Date.now() - t0, pid: victim.pid, midTurn });
    this.log(`SIGKILL pipeline process ${victim.pid}${midTurn ? ' mid-turn' : ''}; starting a replacement`);
    const replacement = this.spawn();
    replacement.ready.catch(() => undefined);
    this.children.push(replacement);
  }
}
