// How the `svc` bundle is built: one file (dist/cli/svc.mjs) with every
// package inside, so it runs on plain Node with no install. Used by
// esbuild.config.mjs (npm run build) and by the bin launcher (cli/svc.mjs),
// which builds it on first use in a checkout that was installed but not built.
import { fileURLToPath } from 'node:url';

export const cliBundleFile = fileURLToPath(new URL('../dist/cli/svc.mjs', import.meta.url));

/** esbuild options of the CLI bundle; `build` is esbuild's. */
export function cliBundleOptions() {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // CommonJS dependencies inside an ESM bundle still call require().
    banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
    entryPoints: [fileURLToPath(new URL('./main.ts', import.meta.url))],
    outfile: cliBundleFile,
    external: ['pg-native', 'typescript'],
    sourcemap: false,
  };
}
