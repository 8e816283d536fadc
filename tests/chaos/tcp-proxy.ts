import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback in front of Redis or PostgreSQL, so the chaos suite can cut the
 * network between Iris and a server while the server itself stays up (other programs share
 * it). `cut()` resets every open connection and refuses new ones until `restore()`: what a
 * process sees when a server restarts or a network partition ends in resets.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private down = false;
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

  restore(): void {
    this.down = false;
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
    const upstream = connect(this.target.port, this.target.host);
    // Both ends live and die together: an error or a close on one side ends the other.
    const pair = [client, upstream];
    for (const socket of pair) {
      this.sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        for (const other of pair) if (other !== socket && !other.destroyed) other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
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
