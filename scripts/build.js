// `npm run build`: compiles the processes to plain JavaScript in dist/ (tsc, tsconfig.build.json)
// and copies what they read at run time beside the compiled files: the Lua scripts, the trained
// intent models, and the Prisma schema and migrations (applied at start). Production runs
// `node dist/workers/<process>.js`; development keeps running the TypeScript through tsx.
const { spawnSync } = require('node:child_process');
const { cpSync, readdirSync, rmSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// The web chat's page (src/channels/web/page/) is served as it is written.
const ASSET = /\.(lua|json|html|css)$|[/\\]page[/\\][^/\\]+\.js$/;
function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyAssets(path);
    else if (ASSET.test(path)) cpSync(path, join(dist, relative(root, path)));
  }
}
copyAssets(join(root, 'src'));
cpSync(join(root, 'prisma', 'schema.prisma'), join(dist, 'prisma', 'schema.prisma'));
cpSync(join(root, 'prisma', 'migrations'), join(dist, 'prisma', 'migrations'), { recursive: true });
// The demo knowledge bases the seed loads (the all-in-one process seeds the demo tenants).
cpSync(join(root, 'prisma', 'knowledge'), join(dist, 'prisma', 'knowledge'), { recursive: true });
console.log(`built ${relative(process.cwd(), dist) || 'dist'}/`);
