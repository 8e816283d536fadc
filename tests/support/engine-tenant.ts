import { randomUUID } from 'node:crypto';
import { isoDateInZone } from '../../src/core/format';
import type { Scope, TenantProfile, UnderstandingMode, UserRole } from '../../src/domains/types';
import type { PrismaClient } from '../../src/stores/prisma/client';

/** The AI settings of a test tenant; model_first, enabled, Basic unless said. */
export interface TestAi {
  mode?: UnderstandingMode;
  enabled?: boolean;
  plan?: string;
  features?: string[];
  providers?: TenantProfile['ai']['providers'];
}

/**
 * A boletos tenant (pt-BR, São Paulo) in PostgreSQL and its profile as the engine sees it, for
 * tests that call an intent engine directly. Its id is added to `created` for the clean-up.
 */
export async function engineTenant(
  db: PrismaClient,
  created: string[],
  ai: TestAi = {},
  slugPrefix = 'eng',
): Promise<TenantProfile> {
  const slug = `${slugPrefix}-${randomUUID().slice(0, 8)}`;
  const place = { pack: 'boletos', locale: 'pt-BR', timeZone: 'America/Sao_Paulo', currency: 'BRL' } as const;
  const row = await db.tenant.create({ data: { slug, name: `Tenant ${slug}`, ...place } });
  created.push(row.id);
  return {
    id: row.id,
    slug,
    name: row.name,
    ...place,
    ai: {
      enabled: ai.enabled ?? true,
      mode: ai.mode ?? 'model_first',
      plan: ai.plan ?? 'basic',
      features: ai.features ?? [],
      ...(ai.providers ? { providers: ai.providers } : {}),
    },
  };
}

/** A turn's scope for `tenant` at `now`: a new conversation, a user named Ana. */
export function engineScope(
  db: PrismaClient,
  tenant: TenantProfile,
  now: Date,
  user: { id?: string; role?: UserRole } = {},
): Scope {
  return {
    tenant,
    user: { id: user.id ?? randomUUID(), name: 'Ana', role: user.role ?? 'owner' },
    conversationId: `conv-${randomUUID().slice(0, 8)}`,
    correlationId: `corr-${randomUUID().slice(0, 8)}`,
    now,
    today: isoDateInZone(now, tenant.timeZone),
    db,
  };
}
