/**
 * The data of a confirmation button. Telegram gives `callback_data` at most 64 bytes and hands it
 * back untouched on a press, so it carries exactly what the engine needs: the nonce of the
 * pending action and the answer. `c:<nonce>:y` / `c:<nonce>:n`.
 */
export const CALLBACK_DATA_MAX_BYTES = 64;

export type ConfirmationAnswer = 'yes' | 'no';

export function encodeConfirmation(nonce: string, answer: ConfirmationAnswer): string | undefined {
  const data = `c:${nonce}:${answer === 'yes' ? 'y' : 'n'}`;
  return Buffer.byteLength(data, 'utf8') <= CALLBACK_DATA_MAX_BYTES && nonce.length > 0 ? data : undefined;
}

export function decodeConfirmation(
  data: string | undefined,
): { nonce: string; answer: ConfirmationAnswer } | undefined {
  const match = /^c:(.+):([yn])$/s.exec(data ?? '');
  if (!match?.[1] || !match[2]) return undefined;
  return { nonce: match[1], answer: match[2] === 'y' ? 'yes' : 'no' };
}
