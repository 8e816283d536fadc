import { execFileSync } from 'node:child_process';
import { backoffDelay } from '../../src/channels/whatsapp/backoff';
import {
  decideDisconnect,
  DISCONNECT_REASON,
  disconnectStatusCode,
} from '../../src/channels/whatsapp/disconnect-policy';

/** A close error as Baileys builds it: a @hapi/boom error with `output.statusCode`. */
function boom(statusCode: number): Error {
  return Object.assign(new Error('Stream Errored'), { isBoom: true, output: { statusCode, payload: {} } });
}

describe('disconnect policy', () => {
  it.each([
    [515, { action: 'reconnect', delay: 'now', reason: 'restart_required' }],
    [440, { action: 'stop', reason: 'replaced', clearCreds: false }],
    [401, { action: 'stop', reason: 'logged_out', clearCreds: true }],
    [403, { action: 'stop', reason: 'forbidden', clearCreds: false }],
    [419, { action: 'stop', reason: 'forbidden', clearCreds: false }],
    [411, { action: 'stop', reason: 'multidevice_mismatch', clearCreds: false }],
    [500, { action: 'reconnect', delay: 'backoff', reason: 'bad_session' }],
    [408, { action: 'reconnect', delay: 'backoff', reason: 'timed_out' }],
    [428, { action: 'reconnect', delay: 'backoff', reason: 'connection_closed' }],
    [503, { action: 'reconnect', delay: 'backoff', reason: 'unavailable_service' }],
    [405, { action: 'reconnect', delay: 'backoff', reason: 'method_not_allowed' }],
    [999, { action: 'reconnect', delay: 'backoff', reason: 'status_999' }],
    [undefined, { action: 'reconnect', delay: 'backoff', reason: 'no_status' }],
  ])('status %s -> %o', (status, decision) => {
    expect(decideDisconnect(status)).toEqual(decision);
  });

  it('treats a 408 while a QR is shown as an expired QR: a new one at once', () => {
    expect(decideDisconnect(408, { pairing: true })).toEqual({
      action: 'reconnect',
      delay: 'now',
      reason: 'qr_expired',
    });
    expect(decideDisconnect(428, { pairing: true })).toMatchObject({ delay: 'backoff' });
    expect(decideDisconnect(408, { pairing: false })).toMatchObject({ delay: 'backoff' });
  });

  it("matches the installed Baileys' DisconnectReason numbers", () => {
    // jest cannot load the ESM package; a child Node process can.
    const script =
      "import('@whiskeysockets/baileys').then((b) => process.stdout.write(JSON.stringify(b.DisconnectReason)))";
    const output = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const installed = JSON.parse(output) as Record<string, number | string>;
    const named = Object.fromEntries(Object.entries(installed).filter(([, v]) => typeof v === 'number'));
    const ours: Record<string, number> = { ...DISCONNECT_REASON };
    for (const [name, value] of Object.entries(named)) {
      if (name in ours) expect([name, ours[name]]).toEqual([name, value]);
    }
    expect(named).toMatchObject({
      loggedOut: 401,
      connectionReplaced: 440,
      restartRequired: 515,
      badSession: 500,
    });
  });

  it('never clears credentials except on logout (badSession keeps the signal sessions)', () => {
    for (let status = 400; status < 600; status += 1) {
      const decision = decideDisconnect(status);
      const clears = decision.action === 'stop' && decision.clearCreds;
      expect(clears).toBe(status === 401);
    }
  });

  it('reads the status code of a Boom, of a plain statusCode, or none', () => {
    expect(disconnectStatusCode(boom(515))).toBe(515);
    expect(disconnectStatusCode({ statusCode: 440 })).toBe(440);
    expect(disconnectStatusCode(new Error('watchdog'))).toBeUndefined();
    expect(disconnectStatusCode(undefined)).toBeUndefined();
  });
});

describe('reconnect backoff', () => {
  const options = { baseDelayMs: 1000, maxDelayMs: 60_000 };

  it('doubles per attempt, between half and all of the step', () => {
    expect(backoffDelay(1, options, () => 0)).toBe(500);
    expect(backoffDelay(1, options, () => 1)).toBe(1000);
    expect(backoffDelay(2, options, () => 0)).toBe(1000);
    expect(backoffDelay(4, options, () => 1)).toBe(8000);
  });

  it('is capped', () => {
    expect(backoffDelay(50, options, () => 1)).toBe(60_000);
    expect(backoffDelay(50, options, () => 0)).toBe(30_000);
  });

  it('jitters', () => {
    const delays = new Set(Array.from({ length: 20 }, () => backoffDelay(5, options)));
    expect(delays.size).toBeGreaterThan(1);
  });
});
