import { randomBytes } from 'node:crypto';
import { openSecret, parseSecretKey, sealSecret } from '../../src/core/secret-box';

describe('secrets at rest (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = sealSecret('{"apiKey":"$aact_x"}', key);
    const b = sealSecret('{"apiKey":"$aact_x"}', key);
    expect(a).not.toBe(b);
    expect(a).not.toContain('aact');
    expect(openSecret(a, key)).toBe('{"apiKey":"$aact_x"}');
  });

  it('refuses a secret changed in the database, or opened with another key', () => {
    const sealed = sealSecret('api-key', key);
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret([v, iv, tag, flipped.toString('base64url')].join('.'), key)).toThrow();
    expect(() => openSecret(sealed, randomBytes(32))).toThrow();
    expect(() => openSecret('plain text', key)).toThrow('not a sealed secret');
  });

  it('takes a key of exactly 64 hex characters', () => {
    expect(parseSecretKey('ab'.repeat(32))).toHaveLength(32);
    expect(() => parseSecretKey('ab'.repeat(16))).toThrow('64 hex characters');
    expect(() => parseSecretKey('zz'.repeat(32))).toThrow('64 hex characters');
  });
});
