/**
 * Where the adapter leaves voice-note bytes for the transcriber. The real one (Redis, bounded,
 * with a TTL) is wired by the composition root; the adapter only needs `put`, which returns the
 * key that travels in the envelope (`content.audioKey`).
 */
export interface AudioStore {
  put(bytes: Buffer, mimeType: string): Promise<string>;
}
