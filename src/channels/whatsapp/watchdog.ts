/**
 * Recycles a socket that went silent. Baileys pings every 30 s and closes the socket itself
 * (408 `connectionLost`) when no frame arrives for a while, but a socket can also hang where its
 * own timer cannot see it (a half-open TCP connection that still accepts writes, a handler stuck
 * in Baileys' event buffer): it stays "open" and receives nothing. Every event and every frame
 * counts as life; `silenceMs` without any calls `onSilent` once.
 */
export class Watchdog {
  private last = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly silenceMs: number,
    private readonly onSilent: (silentForMs: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (this.silenceMs <= 0 || this.timer) return;
    this.last = this.now();
    const every = Math.max(20, Math.min(Math.floor(this.silenceMs / 4), 10_000));
    this.timer = setInterval(() => this.check(), every);
    this.timer.unref();
  }

  touch(): void {
    this.last = this.now();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private check(): void {
    const silentFor = this.now() - this.last;
    if (silentFor < this.silenceMs) return;
    this.stop();
    this.onSilent(silentFor);
  }
}
