/**
 * The layers of Iris, enforced (`npm run lint` runs `depcruise`): each folder of `src/` may
 * import only the folders listed here, so imports point inward and no two folders import each
 * other. The picture and the reason for each cut are in docs/architecture.md.
 *
 *   app (composition root) ──► channels, queues, stores, providers, engine, pipeline, domains …
 *   channels ──► core                      (they hand messages over through ports)
 *   queues   ──► pipeline, stores, providers, core
 *   stores   ──► pipeline (ports), domains (types), core
 *   engine   ──► pipeline (ports), domains, nlu, security, providers, core
 *   pipeline ──► domains, core
 *   domains  ──► nlu, security, core
 *   nlu, security, providers ──► core
 *   core     ──► nothing of the project
 */
const ALLOWED = {
  core: ['core'],
  nlu: ['nlu', 'core'],
  security: ['security', 'core'],
  providers: ['providers', 'core'],
  domains: ['domains', 'nlu', 'security', 'core', 'generated'],
  pipeline: ['pipeline', 'domains', 'core'],
  engine: ['engine', 'pipeline', 'domains', 'nlu', 'security', 'providers', 'core'],
  stores: ['stores', 'pipeline', 'domains', 'core', 'generated'],
  queues: ['queues', 'pipeline', 'stores', 'providers', 'core'],
  channels: ['channels', 'core'],
};

const folder = (name) => (name === 'core' ? '(src/core|config)/' : `src/${name}/`);

module.exports = {
  forbidden: [
    ...Object.entries(ALLOWED).map(([from, allowed]) => ({
      name: `${from}-imports-inward`,
      comment: `${from} may import only: ${allowed.join(', ')}`,
      severity: 'error',
      from: { path: `^${folder(from)}` },
      to: {
        path: '^(src|config)/',
        pathNot: [`^(${allowed.map(folder).join('|')})`],
      },
    })),
    {
      name: 'no-cycles',
      comment: 'no module of the project imports itself through others',
      severity: 'error',
      from: { pathNot: '^src/generated/' },
      to: { circular: true, pathNot: '^src/generated/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
  },
};
