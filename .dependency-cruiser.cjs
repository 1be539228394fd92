/**
 * Import rules of the service's code (docs/architecture.md "Import rules"), checked by
 * test/platform/import-rules.test.ts in `npm test`. Type-only imports count: a cycle of types is
 * still two files that cannot be understood one without the other.
 */
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
      comment: 'Outbound HTTP client packages are used by nobody: lib/net is the one client (docs/security.md "Outbound requests").',
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
      to: { path: '^lib/db/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.ts$|^web/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
