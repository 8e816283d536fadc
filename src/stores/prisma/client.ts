import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from 'pg';
import { PrismaClient } from '../../generated/prisma/client';
import { createPgPool, type DatabaseBounds } from './pg-pool';
import { statementNames } from './statement-names';

export type { PrismaClient };

/**
 * The Prisma client over the `pg` driver adapter: no query-engine binary, one pool per process,
 * bounded waits (`pg-pool.ts`). `max` bounds this process' connections (PostgreSQL's default
 * limit is 100 for the cluster).
 */
export function createPrismaClient(
  databaseUrl: string,
  options: { max?: number; bounds?: DatabaseBounds } = {},
): PrismaClient {
  return prismaOver(createPgPool(databaseUrl, { ...options, max: options.max ?? 10 }));
}

/**
 * A Prisma client over a pool of `createPgPool`; `$disconnect()` ends the pool. Its statements
 * are prepared once per connection unless `prepared` is false (`DATABASE_PREPARED_STATEMENTS`).
 */
export function prismaOver(pool: Pool, options: { prepared?: boolean } = {}): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg(pool, {
      disposeExternalPool: true,
      ...(options.prepared === false ? {} : { statementNameGenerator: statementNames() }),
    }),
  });
}
