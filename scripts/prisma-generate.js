// Runs `prisma generate` offline. The Prisma CLI downloads its schema-engine binary at start
// unless PRISMA_SCHEMA_ENGINE_BINARY names an executable; generate never runs that engine, so
// any executable will do: this Node binary is one that always exists.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const cli = join(__dirname, '..', 'node_modules', 'prisma', 'build', 'index.js');
const result = spawnSync(process.execPath, [cli, 'generate'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(result.status ?? 1);
