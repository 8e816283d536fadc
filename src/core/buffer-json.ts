/**
 * JSON for Baileys data, compatible with Baileys' `BufferJSON`: bytes become
 * `{ "type": "Buffer", "data": "<base64>" }` and come back as `Buffer`. Protobuf objects are
 * walked by their own fields rather than their `toJSON` (which would turn bytes into bare base64
 * strings that nothing turns back into bytes).
 */
export function toBufferJson(value: unknown): string {
  return JSON.stringify(toPlain(value, 0)) ?? 'null';
}

export function fromBufferJson(text: string): unknown {
  return JSON.parse(text, reviveBuffers);
}

function toPlain(value: unknown, depth: number): unknown {
  if (depth > 64) throw new Error('whatsapp auth value nested too deeply');
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) {
    return {
      type: 'Buffer',
      data: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64'),
    };
  }
  if (Array.isArray(value)) return value.map((item) => toPlain(item, depth + 1) ?? null);
  const legacy = value as { type?: unknown; data?: unknown };
  if (legacy.type === 'Buffer' && Array.isArray(legacy.data)) {
    return { type: 'Buffer', data: Buffer.from(legacy.data as number[]).toString('base64') };
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const plain = toPlain(item, depth + 1);
    if (plain !== undefined) out[key] = plain;
  }
  return out;
}

/** Baileys' `BufferJSON.reviver`, including its legacy case (an object of numeric keys). */
function reviveBuffers(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const tagged = value as { type?: unknown; data?: unknown };
  if (tagged.type === 'Buffer' && typeof tagged.data === 'string') return Buffer.from(tagged.data, 'base64');
  const keys = Object.keys(value);
  const values = Object.values(value);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) && values.every((v) => typeof v === 'number')) {
    return Buffer.from(values as number[]);
  }
  return value;
}
