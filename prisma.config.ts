import { defineConfig } from 'prisma/config';

// Used by the Prisma CLI where it can run (generate here; migrate deploy where Prisma's CDN is
// reachable). Iris applies migrations itself with the schema engine's wasm build: scripts/db.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/iris' },
});
