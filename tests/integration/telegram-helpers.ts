import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import pino from 'pino';
import type { UserFromGetMe } from 'grammy/types';
import type { Ingress, IngressOutcome } from '../../src/core/channel';
import type { InboundEnvelope } from '../../src/core/messages';
import type { AudioStore } from '../../src/channels/telegram';

/** Test doubles and plumbing shared by the Telegram integration tests. */

/** An Ingress that records envelopes (optionally failing the first calls). */
export class RecordingIngress implements Ingress {
  readonly envelopes: InboundEnvelope[] = [];
  failuresLeft = 0;

  async handle(envelope: InboundEnvelope): Promise<IngressOutcome> {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('ingress unavailable (test)');
    }
    this.envelopes.push(envelope);
    return { status: 'queued', correlationId: `corr-${this.envelopes.length}` };
  }
}

/** An AudioStore in memory (optionally failing the first calls). */
export class MemoryAudioStore implements AudioStore {
  readonly stored = new Map<string, { bytes: Buffer; mimeType: string }>();
  puts = 0;
  failuresLeft = 0;

  async put(bytes: Buffer, mimeType: string): Promise<string> {
    this.puts += 1;
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('audio store unavailable (test)');
    }
    const key = `audio:${randomUUID()}`;
    this.stored.set(key, { bytes, mimeType });
    return key;
  }
}

export const silentLogger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

/** A unique Redis key prefix for one test file, and the cleanup of everything under it. */
export function testPrefix(name: string): string {
  return `test-${name}-${randomUUID().slice(0, 8)}`;
}

export function newRedis(): Redis {
  return new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
}

export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it holds (tests wait for facts, never for durations). */
export async function waitFor(check: () => boolean | Promise<boolean>, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Fast settings for tests: short lease, no idle spin, quick retries, no pacing unless asked. */
export const fastPolling = {
  leaseTtlMs: 600,
  timeoutSec: 0,
  emptyPollDelayMs: 20,
  retryBaseMs: 20,
  retryMaxMs: 100,
  conflictBaseMs: 50,
  conflictMaxMs: 200,
};
export const noPacing = { privateIntervalMs: 0, groupIntervalMs: 0 };

/** The bot identity of the fixtures (tests/fixtures/telegram), so tests can skip getMe. */
export const testBotInfo: UserFromGetMe = {
  id: 7000000001,
  is_bot: true,
  first_name: 'Iris',
  username: 'IrisTestBot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};
