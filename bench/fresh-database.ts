import { Client } from 'pg';
import { applyMigrations } from '../src/stores/prisma/migrations';

/**
 * Drops the database `url` names and creates it again, migrated: the bench, chaos and soak runs
 * each start from an empty database of their own. Returns PostgreSQL's version, for reports.
 */
export async function recreateDatabase(url: string): Promise<{ name: string; serverVersion: string }> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0];
    await applyMigrations(url);
    return { name, serverVersion: version?.server_version ?? 'unknown' };
  } finally {
    await client.end();
  }
}
