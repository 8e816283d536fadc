/**
 * Database commands: `migrate` (apply pending migrations, creating the database if needed),
 * `migration <name>` (development: write a new migration from schema.prisma), `seed`.
 */
import { loadConfig } from '../config';
import { runSeed } from '../prisma/seed';
import { applyMigrations, createMigration } from '../src/stores/prisma/migrations';

async function main(): Promise<void> {
  const config = loadConfig();
  const [command, arg] = process.argv.slice(2);
  if (command === 'migrate') {
    const applied = await applyMigrations(config.DATABASE_URL);
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'Database is up to date.',
    );
  } else if (command === 'migration') {
    if (!arg || !/^[a-z0-9_]+$/.test(arg))
      throw new Error('usage: npm run db -- migration <name_in_snake_case>');
    const dir = await createMigration(config.DATABASE_URL, arg);
    console.log(dir ? `Wrote ${dir}` : 'No changes: schema.prisma matches the migrations.');
  } else if (command === 'seed') {
    await runSeed(config);
  } else {
    throw new Error('usage: npm run db -- migrate | migration <name> | seed');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
