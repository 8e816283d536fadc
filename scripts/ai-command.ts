import { Redis } from 'ioredis';
import { loadConfig } from '../config';
import { RedisKeys } from '../src/core/redis-keys';
import { AI_PROVIDER_NAMES, AI_TASKS, type AiProviderName, type AiTask } from '../src/core/text-generation';
import type { UnderstandingMode } from '../src/domains/types';
import { DIRECTORY_CACHE_MS } from '../src/app/directory';
import { PLAN_LIMITS } from '../src/engine';
import { RedisAiSwitch } from '../src/stores/ai-switch';
import type { PrismaClient } from '../src/stores/prisma/client';

const MODES: readonly UnderstandingMode[] = ['offline', 'model_first', 'offline_first'];

/**
 * `npm run iris -- tenant ai --tenant demo [--enabled yes|no] [--mode model_first|offline_first|offline]
 * [--plan free|basic|professional|enterprise]`: a tenant's AI settings (the AI gate's checks 2
 * and 3, and how the model is used), printed back as they now are.
 */
export async function setTenantAi(
  db: PrismaClient,
  tenant: { id: string; slug: string; aiSettings: unknown },
  values: {
    enabled?: string;
    mode?: string;
    plan?: string;
    providers?: Partial<Record<AiTask, string | undefined>>;
  },
): Promise<void> {
  const settings = {
    ...((tenant.aiSettings ?? {}) as Record<string, string | boolean | string[] | Record<string, string>>),
  };
  if (values.enabled !== undefined) {
    if (values.enabled !== 'yes' && values.enabled !== 'no') throw new Error('--enabled must be yes or no');
    settings.enabled = values.enabled === 'yes';
  }
  if (values.mode !== undefined) {
    if (!MODES.includes(values.mode as UnderstandingMode))
      throw new Error(`--mode must be one of ${MODES.join(', ')}`);
    settings.mode = values.mode;
  }
  if (values.plan !== undefined) {
    if (!(values.plan in PLAN_LIMITS))
      throw new Error(`--plan must be one of ${Object.keys(PLAN_LIMITS).join(', ')}`);
    settings.plan = values.plan;
  }
  const providers = { ...((settings.providers ?? {}) as Record<string, string>) };
  for (const task of AI_TASKS) {
    const name = values.providers?.[task];
    if (name === undefined) continue;
    if (name === 'default') delete providers[task];
    else if (AI_PROVIDER_NAMES.includes(name as AiProviderName)) providers[task] = name;
    else throw new Error(`--${task}-provider must be one of ${AI_PROVIDER_NAMES.join(', ')}, default`);
  }
  if (Object.keys(providers).length > 0) settings.providers = providers;
  else delete settings.providers;
  await db.tenant.update({ where: { id: tenant.id }, data: { aiSettings: settings } });
  const plan = String(settings.plan ?? 'basic');
  const limits = PLAN_LIMITS[plan];
  console.log(
    `"${tenant.slug}": AI ${settings.enabled === true ? 'enabled' : 'disabled'}, mode ${String(settings.mode ?? 'offline')}, plan ${plan}` +
      (limits === undefined
        ? ''
        : limits.includesAi
          ? ` (up to US$ ${limits.monthlyUsd} and ${limits.monthlyRequests} model calls a month)`
          : ' (no model calls: offline understanding only)') +
      (Object.keys(providers).length === 0
        ? "; models: the platform's"
        : `; ${AI_TASKS.map((task) => `${task} on ${providers[task] ?? "the platform's"}`).join(', ')}`) +
      `. Running processes see it within ${DIRECTORY_CACHE_MS / 1000} s.`,
  );
}

/**
 * `npm run iris -- ai off --reason "…"`, `ai on`, `ai status`: the platform's AI switch (the AI
 * gate's first check) for every tenant at once, without a restart. Off, every message is read
 * offline; the pipeline processes see the change within a second.
 */
export async function platformAi(action: string | undefined, reason: string | undefined): Promise<void> {
  const config = loadConfig();
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  try {
    const aiSwitch = new RedisAiSwitch(redis, new RedisKeys(config.IRIS_PREFIX), {
      enabledByConfig: config.AI_ENABLED,
    });
    if (action === 'off') {
      await aiSwitch.turnOff(reason ?? 'turned off by an operator');
      console.log('AI is off for every tenant: messages are read offline until `npm run iris -- ai on`.');
    } else if (action === 'on') {
      await aiSwitch.turnOn();
      console.log(
        config.AI_ENABLED
          ? 'AI is on again (each tenant still needs AI enabled and a plan that includes it).'
          : 'The run-time switch is on, but AI_ENABLED=false in this configuration keeps AI off.',
      );
    } else if (action === 'status') {
      const off = await aiSwitch.off();
      if (!config.AI_ENABLED) console.log('AI is off: AI_ENABLED=false in the configuration.');
      else if (off) console.log(`AI is off since ${off.at}: ${off.reason}`);
      else console.log('AI is on.');
    } else {
      throw new Error('usage: npm run iris -- ai off [--reason "…"] | ai on | ai status');
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * `npm run iris -- tenant features --tenant jardim [--on ai_penalties] [--off ai_notices,…]`: the
 * tenant's feature flags (seed 003 §3.1), which turn the tools that declare one on or off
 * together with the roles; printed back as they now are, with the flags the pack's tools know.
 */
export async function setTenantFeatures(
  db: PrismaClient,
  tenant: { id: string; slug: string; aiSettings: unknown },
  known: readonly string[],
  values: { on?: string; off?: string },
): Promise<void> {
  const list = (text?: string) =>
    (text ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
  const unknown = [...list(values.on), ...list(values.off)].filter((flag) => !known.includes(flag));
  if (unknown.length > 0)
    throw new Error(
      `unknown feature ${unknown.join(', ')}; this tenant's tools know: ${known.join(', ') || 'none'}`,
    );
  const settings = { ...((tenant.aiSettings ?? {}) as Record<string, unknown>) };
  const now = new Set(Array.isArray(settings.features) ? (settings.features as string[]) : []);
  for (const flag of list(values.on)) now.add(flag);
  for (const flag of list(values.off)) now.delete(flag);
  settings.features = [...now].sort();
  await db.tenant.update({ where: { id: tenant.id }, data: { aiSettings: settings as object } });
  console.log(
    `"${tenant.slug}": features ${[...now].sort().join(', ') || 'none'} (known: ${known.join(', ') || 'none'}). ` +
      `Running processes see it within ${DIRECTORY_CACHE_MS / 1000} s.`,
  );
}
