import { z } from 'zod';
import { ConfigError } from '../src/core/errors';
import { envSchema, type Env } from './env';

export { PRODUCT, CONFIRMATION_WORDS } from './product';
export type { Env } from './env';

/**
 * Parses the environment once. The only place in Iris that reads `process.env`.
 * Throws a ConfigError listing every bad variable and how to fix it.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      `Invalid configuration:\n${formatIssues(parsed.error, cleaned)}\nFix the variables above (see README, "Configuration") and start again.`,
    );
  }
  return parsed.data;
}

function formatIssues(error: z.ZodError, values: Record<string, unknown>): string {
  return error.issues
    .map(
      (issue) =>
        `  - ${issue.path.join('.') || '(root)'}: ${issue.message} (got ${JSON.stringify(valueAt(issue.path))})`,
    )
    .join('\n');

  function valueAt(path: PropertyKey[]): unknown {
    const key = path[0];
    return typeof key === 'string' ? values[key] : undefined;
  }
}
