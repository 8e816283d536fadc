/**
 * `npm run chat`: talk to Iris in the terminal through the real path (ingress, BullMQ queues,
 * Redis mailboxes and state, the pipeline, PostgreSQL). Prepares the database on first use.
 *
 *   npm run chat                          # the demo boletos tenant, as Ana (owner)
 *   npm run chat -- --tenant cristi       # the demo finance tenant (es-MX)
 *   npm run chat -- --tenant jardim       # the demo condominium (pt-BR), as Marina (resident)
 *   npm run chat -- --user bruno          # another user of the tenant
 *   npm run chat -- --json < lines.txt    # one JSON object per reply
 *   npm run chat -- --attach              # use pipeline workers already running elsewhere
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { ConsoleChannel } from '../src/channels/console/console-channel';
import { Container } from '../src/app/container';
import { createLogger } from '../src/app/logger';
import { inspectRedisPolicy } from '../src/app/redis-policy';
import { startSender } from '../src/app/channels/sender';
import { startPipeline, startTranscriber } from '../src/app/roles';
import type { OutboundDocument, OutboundMessage } from '../src/core/messages';
import { applyMigrations } from '../src/stores/prisma/migrations';
import { runSeed } from '../prisma/seed';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string', default: 'demo' },
      user: { type: 'string' },
      json: { type: 'boolean', default: false },
      attach: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log('usage: npm run chat -- [--tenant demo|cristi|jardim] [--user <handle>] [--json] [--attach]');
    return;
  }
  // The chat checks Redis itself and says it in one friendly line (the pipeline's check logs an
  // error per problem, as production should).
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    CHECK_REDIS_POLICY: 'false',
  });
  await applyMigrations(config.DATABASE_URL);
  await runSeed(config, { quiet: true });

  const c = new Container(config, { role: 'chat', logger: createLogger(config.LOG_LEVEL, 'chat', 'stderr') });
  const redisPolicy = await inspectRedisPolicy(c.redis).catch(() => undefined);
  if (redisPolicy && redisPolicy.problems.length > 0)
    process.stderr.write(
      'note: this Redis may lose queued work on a restart (fine for trying Iris; for production see the README, "Running Redis for production")\n',
    );
  const tenant = await c.db.tenant.findUnique({ where: { slug: values.tenant } });
  if (!tenant) throw new Error(`no tenant "${values.tenant}" (try --tenant demo, cristi or jardim)`);
  const identities = await c.db.channelIdentity.findMany({
    where: { tenantId: tenant.id, channel: 'console' },
    include: { user: true },
    orderBy: { createdAt: 'asc' },
  });
  const handle = values.user ?? identities[0]?.externalId.split(':')[1];
  const identity = identities.find((i) => i.externalId === `${tenant.id}:${handle}`);
  if (!identity)
    throw new Error(
      `no console user "${handle}" in tenant "${tenant.slug}" (users: ${identities.map((i) => i.externalId.split(':')[1]).join(', ')})`,
    );

  const interactive = process.stdin.isTTY && !values.json;
  const print = (reply: OutboundMessage) => {
    const file = reply.document && saveDocument(reply.document);
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify({ text: reply.text, ...(reply.buttons ? { buttons: [reply.buttons.yesLabel, reply.buttons.noLabel] } : {}), ...(file ? { document: file } : {}), correlationId: reply.correlationId })}\n`,
      );
    } else {
      const buttons = reply.buttons ? `\n      [${reply.buttons.yesLabel}] [${reply.buttons.noLabel}]` : '';
      const attached = file ? `\n      📎 ${file}` : '';
      process.stdout.write(`iris> ${reply.text.replace(/\n/g, '\n      ')}${buttons}${attached}\n`);
    }
  };
  const channel = new ConsoleChannel(c.ingress, identity.externalId, print);
  startSender(c, 'console', channel.account, channel);
  if (!values.attach) {
    // One tenant's session: its contact messages, owners' notices and provider sweeps are this
    // process' work, not other tenants' (a shared database's other tenants would be delivered
    // to, and their sweeps' warnings written over the conversation).
    startPipeline(c, { concurrency: 4, onlyTenants: () => [tenant.id] });
    startTranscriber(c);
  }
  if (interactive)
    console.log(`Iris — ${tenant.name} (${tenant.locale}), as ${identity.user.name}. Ctrl+D to leave.`);

  // With an output stream readline shows the prompt and echoes what is typed in a terminal.
  const rl = createInterface({
    input: process.stdin,
    ...(interactive ? { output: process.stdout } : {}),
    terminal: interactive,
  });
  if (interactive) {
    rl.setPrompt(tenant.locale === 'es-MX' ? 'tú> ' : 'você> ');
    rl.prompt();
  }
  for await (const line of rl) {
    const { outcome } = await channel.say(line);
    if (outcome.status !== 'queued') process.stderr.write(`(message not processed: ${outcome.status})\n`);
    if (interactive) rl.prompt();
  }
  await c.close();
  // Every reply is printed and every worker closed; what is left alive is the migration
  // engine's (wasm) handles and idle pool timers, which would hold the process ~10 s for nothing.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/** A file sent with a reply (a boleto's PDF) is saved where the terminal can open it. */
function saveDocument(document: OutboundDocument): string {
  const dir = join(tmpdir(), 'iris-chat');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, basename(document.fileName));
  writeFileSync(path, Buffer.from(document.base64, 'base64'));
  return path;
}
