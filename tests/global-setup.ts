import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { TEST_DATABASE_URL } from './support/test-env';

/**
 * Migrates the test database once per run (real PostgreSQL; created if missing). Runs in a
 * child process: the wasm schema engine keeps handles alive that would hold jest open.
 */
export default function globalSetup(): void {
  const root = join(__dirname, '..');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/db.ts'), 'migrate'],
    {
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, NODE_OPTIONS: '' },
      stdio: 'inherit',
    },
  );
}
