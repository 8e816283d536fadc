import type { Logger } from 'pino';
import type { PairingEvent } from './ports';

type QrTerminal = {
  generate(text: string, options: { small: boolean }, callback: (qr: string) => void): void;
};

/**
 * The default way to show a pairing to the operator: the QR code drawn in the terminal
 * (qrcode-terminal) or the pairing code, plus a log line. These are operator messages, never
 * sent to users. Loaded lazily so nothing runs at import time.
 */
export function showPairing(
  event: PairingEvent,
  logger: Logger,
  out: NodeJS.WritableStream = process.stdout,
): void {
  if (event.type === 'qr') {
    const qrcode = require('qrcode-terminal') as QrTerminal;
    qrcode.generate(event.qr, { small: true }, (drawing) => out.write(`${drawing}\n`));
    logger.warn(
      { account: event.account },
      'whatsapp: not paired; scan the QR code above in WhatsApp > Linked devices > Link a device',
    );
    return;
  }
  out.write(`WhatsApp pairing code for ${event.phoneNumber}: ${event.code}\n`);
  logger.warn(
    { account: event.account, phoneNumber: event.phoneNumber, code: event.code },
    'whatsapp: not paired; enter the code in WhatsApp > Linked devices > Link with phone number',
  );
}
