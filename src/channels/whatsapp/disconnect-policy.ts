/**
 * What to do when Baileys closes the socket, decided from the close's status code alone (pure,
 * so the table is tested as a table). The codes are Baileys' `DisconnectReason` (rc14,
 * src/Types/index.ts); they are written here as numbers because Baileys is ESM-only and only
 * the socket factory may load it. `@hapi/boom` errors carry the code in `output.statusCode`.
 *
 * Choices, and why:
 * - 515 `restartRequired`: sent right after a successful pairing (QR or code); WhatsApp expects
 *   a fresh socket with the new credentials. Reconnect at once; it is not a failure.
 * - 440 `connectionReplaced`: another client logged in with the same credentials (stream error
 *   `conflict`). Reconnecting would kick that client, which kicks us back: the 440 loop many
 *   projects hit (e.g. fazer-ai/baileys-api#309, automagik-dev/omni#77). Stop and alert.
 * - 401 `loggedOut`: the device was unlinked on the phone (or the session was revoked). The
 *   stored credentials are useless now: clear them, stop, and tell the operator to pair again.
 * - 403 `forbidden` (and 419, Baileys' other "unauthorized" code): the account is banned or
 *   restricted. Keep the credentials (a temporary restriction may lift), stop, alert.
 * - 411 `multideviceMismatch`: the account cannot use linked devices; retrying cannot help.
 * - 500 `badSession`: NOT a signal-session problem. In rc14 it is what `getErrorCodeFromStreamError`
 *   returns for any stream error without a known code. "Bad MAC" decryption failures never close
 *   the socket: Baileys marks the message as a CIPHERTEXT stub, sends a retry receipt and, with
 *   `enableAutoSessionRecreation`, rebuilds that one contact's session. Deleting the signal
 *   sessions (as snippets in WhiskeySockets/Baileys#859 do) forces re-keying with every contact
 *   and often a new pairing. So: reconnect with backoff, keep every key, alert if it repeats.
 * - 408 while a QR code is shown: Baileys ends an unscanned pairing with "QR refs attempts ended"
 *   (408) after about two minutes of QR codes. Not a failure: reconnect at once for a new QR
 *   (counting it would slow the next QR down by the backoff, cf. rmyndharis/OpenWA#1584).
 * - 408 (`connectionLost`/`timedOut`), 428 `connectionClosed`,
 *   503 `unavailableService`, 405 (seen when WhatsApp refuses an outdated client version) and
 *   anything unknown: reconnect with jittered exponential backoff.
 */

export const DISCONNECT_REASON = {
  loggedOut: 401,
  forbidden: 403,
  methodNotAllowed: 405,
  timedOut: 408,
  multideviceMismatch: 411,
  unauthorized: 419,
  connectionClosed: 428,
  connectionReplaced: 440,
  badSession: 500,
  unavailableService: 503,
  restartRequired: 515,
} as const;

export type StopReason = 'logged_out' | 'replaced' | 'forbidden' | 'multidevice_mismatch';

export type DisconnectDecision =
  | {
      action: 'reconnect';
      /** `now` skips the backoff (and does not count as a failed attempt). */
      delay: 'now' | 'backoff';
      reason: string;
    }
  | {
      action: 'stop';
      reason: StopReason;
      /** Delete the stored credentials and keys (only after a logout). */
      clearCreds: boolean;
    };

/** The status code of a Baileys close error (`Boom.output.statusCode`), if it has one. */
export function disconnectStatusCode(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const output = (error as { output?: { statusCode?: unknown } }).output;
  if (typeof output?.statusCode === 'number') return output.statusCode;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return typeof statusCode === 'number' ? statusCode : undefined;
}

export function decideDisconnect(
  statusCode: number | undefined,
  context: { pairing?: boolean } = {},
): DisconnectDecision {
  if (context.pairing && statusCode === DISCONNECT_REASON.timedOut) {
    return { action: 'reconnect', delay: 'now', reason: 'qr_expired' };
  }
  switch (statusCode) {
    case DISCONNECT_REASON.restartRequired:
      return { action: 'reconnect', delay: 'now', reason: 'restart_required' };
    case DISCONNECT_REASON.connectionReplaced:
      return { action: 'stop', reason: 'replaced', clearCreds: false };
    case DISCONNECT_REASON.loggedOut:
      return { action: 'stop', reason: 'logged_out', clearCreds: true };
    case DISCONNECT_REASON.forbidden:
    case DISCONNECT_REASON.unauthorized:
      return { action: 'stop', reason: 'forbidden', clearCreds: false };
    case DISCONNECT_REASON.multideviceMismatch:
      return { action: 'stop', reason: 'multidevice_mismatch', clearCreds: false };
    case DISCONNECT_REASON.badSession:
      return { action: 'reconnect', delay: 'backoff', reason: 'bad_session' };
    case DISCONNECT_REASON.timedOut:
      return { action: 'reconnect', delay: 'backoff', reason: 'timed_out' };
    case DISCONNECT_REASON.connectionClosed:
      return { action: 'reconnect', delay: 'backoff', reason: 'connection_closed' };
    case DISCONNECT_REASON.unavailableService:
      return { action: 'reconnect', delay: 'backoff', reason: 'unavailable_service' };
    case DISCONNECT_REASON.methodNotAllowed:
      return { action: 'reconnect', delay: 'backoff', reason: 'method_not_allowed' };
    case undefined:
      return { action: 'reconnect', delay: 'backoff', reason: 'no_status' };
    default:
      return { action: 'reconnect', delay: 'backoff', reason: `status_${statusCode}` };
  }
}

/** What the operator reads in the error log when the channel stops. */
export const STOP_ADVICE: Record<StopReason, string> = {
  logged_out:
    'logged out (device unlinked on the phone); credentials cleared, pair again with `npm run whatsapp:pair`',
  replaced:
    'another client connected with these credentials; this process stops using the number (no reconnect loop): stop the other client',
  forbidden: 'WhatsApp refused the account (banned or restricted); stopped, check the phone',
  multidevice_mismatch: 'the account cannot use linked devices; stopped',
};
