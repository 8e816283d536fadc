import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (a tenant's provider API key): AES-256-GCM with a key from the deployment's
 * `IRIS_SECRET_KEY` (64 hex characters), a fresh 12-byte IV per secret, and the tag checked on
 * reading, so a secret changed in the database is refused rather than used.
 * Stored as `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
const VERSION = 'v1';

export function parseSecretKey(hex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('IRIS_SECRET_KEY must be 64 hex characters (32 bytes)');
  return Buffer.from(hex, 'hex');
}

export function sealSecret(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecret(sealed: string, key: Buffer): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
