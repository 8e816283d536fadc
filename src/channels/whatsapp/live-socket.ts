import type { WhatsappConnection, WhatsappEventMap, WhatsappSocket } from './ports';
import { Watchdog } from './watchdog';

export interface LiveSocketHandlers {
  onConnectionUpdate(update: WhatsappEventMap['connection.update']): void;
  onCredsUpdate(update: WhatsappEventMap['creds.update']): void;
  onMessagesUpsert(upsert: WhatsappEventMap['messages.upsert']): void;
  onSilent(silentForMs: number): void;
}

/**
 * One socket with the adapter's listeners and its watchdog. Once detached it forwards nothing,
 * so the late events of a socket being replaced (Baileys emits `close` after `end()`) can never
 * act on its successor.
 */
export class LiveSocket {
  /** In code mode, the pairing code is requested once per socket (QR refs refresh every 20 s). */
  pairingCodeRequested = false;
  private attached = true;
  private readonly watchdog: Watchdog;
  private readonly listeners: {
    [K in keyof WhatsappEventMap]: (arg: WhatsappEventMap[K]) => void;
  };

  constructor(
    readonly connection: WhatsappConnection,
    silenceMs: number,
    handlers: LiveSocketHandlers,
  ) {
    this.watchdog = new Watchdog(silenceMs, (ms) => {
      if (this.attached) handlers.onSilent(ms);
    });
    const guard =
      <A>(handler: (arg: A) => void) =>
      (arg: A): void => {
        if (!this.attached) return;
        this.watchdog.touch();
        handler(arg);
      };
    this.listeners = {
      'connection.update': guard((update) => handlers.onConnectionUpdate(update)),
      'creds.update': guard((update) => handlers.onCredsUpdate(update)),
      'messages.upsert': guard((upsert) => handlers.onMessagesUpsert(upsert)),
    };
    const { ev } = connection.socket;
    ev.on('connection.update', this.listeners['connection.update']);
    ev.on('creds.update', this.listeners['creds.update']);
    ev.on('messages.upsert', this.listeners['messages.upsert']);
    connection.onActivity?.(() => {
      if (this.attached) this.watchdog.touch();
    });
    this.watchdog.start();
  }

  get socket(): WhatsappSocket {
    return this.connection.socket;
  }

  /** Our identities for mention checks: `sock.user`, or the stored `creds.me` before login. */
  get self(): { id?: string | null; lid?: string | null } {
    const me = this.connection.creds.me;
    return this.connection.socket.user ?? { id: me?.id, lid: me?.lid };
  }

  /** Stops forwarding events (the socket itself stays as it is). */
  detach(): void {
    if (!this.attached) return;
    this.attached = false;
    this.watchdog.stop();
    const { ev } = this.connection.socket;
    ev.off('connection.update', this.listeners['connection.update']);
    ev.off('creds.update', this.listeners['creds.update']);
    ev.off('messages.upsert', this.listeners['messages.upsert']);
  }

  /** Detaches and closes the connection without logging out. */
  end(): void {
    this.detach();
    try {
      Promise.resolve(this.connection.socket.end(undefined)).catch(() => undefined);
    } catch {
      // already closed
    }
  }
}
