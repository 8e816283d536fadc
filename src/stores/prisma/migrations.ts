import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { Client, Pool } from 'pg';

/**
 * Migrations without the Prisma CLI's native engine (its download is unreachable offline):
 * Prisma's own schema engine, built to WebAssembly (`@prisma/schema-engine-wasm`), driven over
 * the `pg` driver adapter. It keeps the standard `prisma/migrations/<ts>_<name>/migration.sql`
 * layout and the `_prisma_migrations` history, so `prisma migrate deploy` works the same where
 * the CDN is reachable.
 */
const ROOT = resolve(__dirname, '../../..');
export const SCHEMA_PATH = join(ROOT, 'prisma/schema.prisma');
export const MIGRATIONS_DIR = join(ROOT, 'prisma/migrations');
const NO_FILTERS = { externalTables: [], externalEnums: [] };

// The engine's types come from an ES module package; only the methods used here are declared.
interface SchemaEngine {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string }>;
  free(): void;
}

/** Node's WebAssembly global; TypeScript's ES2022 library does not declare it. */
declare const WebAssembly: {
  instantiate(
    bytes: Buffer,
    imports: Record<string, unknown>,
  ): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

let wasmReady: Promise<{ SchemaEngine: { new: (...args: unknown[]) => Promise<SchemaEngine> } }> | undefined;

/** Loads the wasm engine once. Instantiated by hand so Node needs no experimental flag. */
function loadEngineModule() {
  wasmReady ??= (async () => {
    const bg = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as unknown as Record<
      string,
      unknown
    > & {
      __wbg_set_wasm(exports: Record<string, unknown>): void;
      SchemaEngine: { new: (...args: unknown[]) => Promise<SchemaEngine> };
    };
    const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
      './schema_engine_bg.js': bg,
    });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  return wasmReady;
}

/** Creates the database named in the URL if it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${databaseUrl}`);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client
        .query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
        .catch((error: { code?: string }) => {
          if (error.code !== '42P04') throw error; // created concurrently by another process
        });
    }
  } finally {
    await client.end();
  }
}

function migrationsList() {
  const dirs = existsSync(MIGRATIONS_DIR)
    ? readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = join(MIGRATIONS_DIR, 'migration_lock.toml');
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: {
      path: 'migration_lock.toml',
      content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((path) => ({
      path,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok', value: readFileSync(join(MIGRATIONS_DIR, path, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

async function withEngine<T>(databaseUrl: string, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schema = readFileSync(SCHEMA_PATH, 'utf8');
  // Our own pool, so it can be closed when done (the engine does not close what it opened).
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
  const engine = await SchemaEngine.new(
    { datamodels: [['schema.prisma', schema]] },
    () => undefined,
    factory,
  );
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await pool.end();
  }
}

/** Applies every pending migration (creating the database first); returns the names applied. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const applied = await withEngine(databaseUrl, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList: migrationsList(), filters: NO_FILTERS });
    return out.appliedMigrationNames;
  });
  await ensureOptionalExtensions(databaseUrl);
  return applied;
}

/**
 * Extensions Iris uses where the server has them and does without elsewhere: pgvector (vectors
 * of the knowledge base compared in PostgreSQL, src/stores/knowledge-vectors.ts). Not a
 * migration: a migration must apply on every server, and the schema engine cannot run the
 * conditional block this needs. A role that may not create it leaves vectors compared in process.
 */
async function ensureOptionalExtensions(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const available = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    if (available.rowCount === 0) return;
    await client.query('CREATE EXTENSION IF NOT EXISTS vector').catch((error: { code?: string }) => {
      // 42501 insufficient privilege; 23505/42710: created concurrently by another process.
      if (!['42501', '23505', '42710'].includes(error.code ?? '')) throw error;
    });
  } finally {
    await client.end();
  }
}

/**
 * Writes a new migration with the SQL that takes the previous migrations' schema to
 * schema.prisma (development only). The wasm engine cannot introspect a database through the
 * pg adapter nor take a shadow database, so the "previous schema" is a snapshot of
 * schema.prisma saved beside the migrations each time one is written, and the engine diffs the
 * two data models. Returns the directory written, or undefined when nothing changed.
 */
export async function createMigration(databaseUrl: string, name: string): Promise<string | undefined> {
  await ensureDatabase(databaseUrl);
  const current = readFileSync(SCHEMA_PATH, 'utf8');
  const snapshotPath = join(MIGRATIONS_DIR, 'schema-snapshot.prisma');
  const from = existsSync(snapshotPath)
    ? {
        tag: 'schemaDatamodel',
        files: [{ path: 'schema.prisma', content: readFileSync(snapshotPath, 'utf8') }],
      }
    : { tag: 'empty' };
  const script = await withEngine(databaseUrl, async (engine) => {
    const out = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: current }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return out.stdout;
  });
  if (!script.trim() || /^-- This is an empty migration/m.test(script)) return undefined;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dir = join(MIGRATIONS_DIR, `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'migration.sql'), script);
  writeFileSync(snapshotPath, current);
  const lockPath = join(MIGRATIONS_DIR, 'migration_lock.toml');
  if (!existsSync(lockPath)) writeFileSync(lockPath, 'provider = "postgresql"\n');
  return dir;
}
