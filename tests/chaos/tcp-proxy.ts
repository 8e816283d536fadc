import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback in front of Redis or PostgreSQL, so the chaos suite can cut the
 * network between Iris and a server while the server itself stays up (other programs share
 * it). `cut()` resets every open connection and refuses new ones until `restore()`: what a
 * process sees when a server restarts or a network partition ends in resets. `stall()` keeps
 * connections open and silent instead: what a process sees when packets are dropped.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private down = false;
  private stalled = false;
  /** Client and upstream of each open connection, to stall them. */
  private readonly pairs = new Set<[Socket, Socket]>();
  /** Connections refused or reset by cuts, for the report. */
  refused = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on 127.0.0.1 on a free port; resolves with the port. */
  async start(): Promise<number> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('proxy has no port');
    return address.port;
  }

  get isDown(): boolean {
    return this.down;
  }

  cut(): void {
    this.down = true;
    for (const socket of this.sockets) {
      this.refused++;
      socket.resetAndDestroy();
    }
    this.sockets.clear();
  }

  /**
   * A network path that goes silent instead of resetting (packets dropped; a load balancer that
   * forgot the flow): every open connection stays open and carries nothing more, ever, and new
   * connections are accepted and swallowed until `restore()`.
   */
  stall(): void {
    this.stalled = true;
    for (const pair of this.pairs) swallow(pair);
    this.pairs.clear();
  }

  restore(): void {
    this.down = false;
    this.stalled = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: Socket): void {
    if (this.down) {
      this.refused++;
      client.resetAndDestroy();
      return;
    }
    if (this.stalled) {
      this.sockets.add(client);
      client.on('error', () => undefined);
      client.on('close', () => this.sockets.delete(client));
      client.resume();
      return;
    }
    const upstream = connect(this.target.port, this.target.host);
    // Both ends live and die together: an error or a close on one side ends the other.
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    client.on('close', () => this.pairs.delete(pair));
    for (const socket of pair) {
      this.sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        // A silent path carries no close either: each end learns nothing of the other's.
        if (silent.has(socket)) return;
        for (const other of pair) if (other !== socket && !other.destroyed) other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

/** Sockets of stalled connections. */
const silent = new WeakSet<Socket>();

/**
 * Stops carrying bytes between the two ends; both stay open, what arrives is dropped, and the
 * close of one end is not passed to the other.
 */
function swallow([client, upstream]: [Socket, Socket]): void {
  silent.add(client);
  silent.add(upstream);
  client.unpipe(upstream);
  upstream.unpipe(client);
  for (const socket of [client, upstream]) {
    socket.on('data', () => undefined);
    socket.resume();
  }
}

/** A server's address in a URL (the proxy's target). */
export function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || defaultPort) };
}

/** The same URL pointed at a proxy's port on loopback. */
export function withPort(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}
