import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client';

export type { PrismaClient };

/**
 * The Prisma client over the `pg` driver adapter: no query-engine binary, one pool per process.
 * `max` bounds this process' connections (PostgreSQL's default limit is 100 for the cluster).
 */
export function createPrismaClient(databaseUrl: string, options: { max?: number } = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.max ?? 10 });
  return new PrismaClient({ adapter });
}
