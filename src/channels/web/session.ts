import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * A browser's session, in a signed cookie (no server-side store): who it speaks as on the web
 * channel (`externalUserId`, linked to a user by a demo sign-in or an invite code) and its chat.
 * Each browser has its own chat, so two tabs of one person share one conversation and two
 * browsers are two conversations, like two phones.
 */
export interface WebSession {
  externalUserId: string;
  chatId: string;
}

export const SESSION_COOKIE = 'iris_chat';

const sessionSchema = z.object({ u: z.string().min(1).max(120), c: z.string().min(1).max(120) });

export function newSession(externalUserId?: string): WebSession {
  const browser = randomUUID();
  return { externalUserId: externalUserId ?? `browser:${browser}`, chatId: `web:${browser}` };
}

export function encodeSession(session: WebSession): string {
  return Buffer.from(JSON.stringify({ u: session.externalUserId, c: session.chatId })).toString('base64url');
}

export function decodeSession(value: string): WebSession | undefined {
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? { externalUserId: parsed.data.u, chatId: parsed.data.c } : undefined;
  } catch {
    return undefined;
  }
}
