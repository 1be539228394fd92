/**
 * Import rules of the service's code (docs/architecture.md "Import rules"), checked by
 * test/platform/import-rules.test.ts in `npm test`. Type-only imports count: a cycle of types is
 * still two files that cannot be understood one without the other.
 */
/**
 * The layers of lib/ (docs/architecture.md "Layers"): lib/platform, lib/core, lib/features. The
 * fixture prefix is where test/platform/import-rules.test.ts shows the layer rules bite, on a small
 * tree of its own.
 */
const fixture = '(?:test/fixtures/layers/)?';

module.exports = {
  forbidden: [
    {
      name: 'no-file-cycles',
      comment: 'No file of the service reaches itself through its imports.',
      severity: 'error',
      // The fixture folder is where the test shows the rule finds a cycle.
      from: { path: '^(lib|functions|jobs|local|cli|test/fixtures/import-cycle)/' },
      to: { circular: true },
    },
    {
      name: 'network-only-through-lib-net',
      comment: 'Outbound HTTP client packages are used by nobody: lib/platform/net is the one client (docs/security.md "Outbound requests").',
      severity: 'error',
      from: { path: '^(lib|functions|jobs|local)/' },
      to: { path: '^node_modules/(undici|node-fetch|axios|got|ky|superagent)/' },
    },
    {
      name: 'endpoints-never-touch-the-database',
      comment:
        'An endpoint parses, checks the role, calls lib and shapes the answer (docs/architecture.md "Request path"): every query and the database types stay in lib, so the schema and its SQL change in one layer and no endpoint steps around the stores. An endpoint passes runtime or runtime.db along without naming its type.',
      severity: 'error',
      // The fixture folder is where the test shows the rule finds such an import.
      from: { path: '^(functions|test/fixtures/endpoint-imports-database)/' },
      to: { path: '^lib/platform/db/' },
    },
    {
      name: 'platform-below-everything',
      comment:
        'lib/platform knows no domain: HTTP, the database, configuration, the runtime and its log, the network, keys, telemetry, text and schema rules, errors, rate limits, the web client\'s files, diagnostics, the audit log, dates and money. It imports only itself.',
      severity: 'error',
      from: { path: `^${fixture}lib/platform/` },
      to: { path: `^${fixture}lib/(?!platform/)` },
    },
    {
      name: 'core-below-features',
      comment: 'lib/core (the model and its rules, playback, rendering, the graph walks, extraction) uses the platform and itself, never a feature.',
      severity: 'error',
      from: { path: `^${fixture}lib/core/` },
      to: { path: `^${fixture}lib/features/` },
    },
    {
      name: 'core-without-http',
      comment: 'The core raises typed errors (lib/platform/errors); one mapping at the edge makes them HTTP, so jobs and the command-line tool never see HTTP types.',
      severity: 'error',
      from: { path: `^${fixture}lib/core/` },
      to: { path: `^${fixture}lib/platform/http/` },
    },
    {
      name: 'domain-raises-typed-errors',
      comment:
        'The core and the features raise typed errors (lib/platform/errors); HttpProblem is the edge\'s. The exception is the OpenAPI document, which describes the error body.',
      severity: 'error',
      from: { path: `^${fixture}lib/(core|features)/`, pathNot: '^lib/features/openapi/problem-schema\\.ts$' },
      to: { path: `^${fixture}lib/platform/http/problem\\.ts$` },
    },
    {
      name: 'errors-import-nothing',
      comment: 'The typed errors are the lowest layer: every other folder may raise them.',
      severity: 'error',
      from: { path: '^lib/platform/errors/' },
      to: { path: '^lib/(?!platform/errors/)' },
    },
    {
      name: 'lib-below-the-edges',
      comment: 'lib/ is used by the endpoints, the jobs, the local server and the command-line tool, and never uses them.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(functions|jobs|local|cli|web|infra)/' },
    },
    {
      name: 'contracts-depend-on-nothing',
      comment: 'contracts/ holds the schemas and types the server and the web client share: it imports zod and itself, nothing of the server.',
      severity: 'error',
      from: { path: `^${fixture}contracts/` },
      to: { pathNot: [`^${fixture}contracts/`, '^node_modules/zod/'] },
    },
    {
      name: 'web-reads-contracts-as-types',
      comment: 'The web client imports only types from contracts/ (import type), so no schema code and no zod reach the browser.',
      severity: 'error',
      from: { path: `^${fixture}web/` },
      to: { path: `^${fixture}contracts/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-client-only-through-contracts',
      comment:
        'The web client talks to the server over HTTP only: it imports no server code, only the types of contracts/.',
      severity: 'error',
      from: { path: `^${fixture}web/` },
      to: { path: `^${fixture}(lib|functions|jobs|local|cli|infra)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The web client is cruised on its own (test/platform/import-rules.test.ts) with its own compiler settings.
    exclude: { path: '(\\.test\\.tsx?$|^web/(?!src/))' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
