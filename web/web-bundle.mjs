// Builds the web client (web/src/main.tsx) into hashed static files and
// writes index.html naming them. Hashed files can be cached for a year;
// index.html is the only file whose name stays the same (docs/web-client.md).
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** @param {string} outdir where index.html and assets/ go (e.g. dist/web) */
export async function buildWebClient(outdir) {
  const result = await build({
    entryPoints: ['web/src/main.tsx'],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    sourcemap: 'linked',
    outdir: join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'linked',
  });
  const outputs = Object.keys(result.metafile.outputs);
  const script = outputs.find((file) => /main-[A-Z0-9]+\.js$/.test(file));
  const stylesheet = outputs.find((file) => /main-[A-Z0-9]+\.css$/.test(file));
  if (!script || !stylesheet) throw new Error(`the web client build gave no main script or stylesheet: ${outputs.join(', ')}`);
  const href = (file) => `/${relative(outdir, file).split('\\').join('/')}`;
  // The icon is hashed like the bundles, so that it too can be cached for a year (and the browser asks for no /favicon.ico).
  const iconBytes = await readFile('web/favicon.svg');
  const iconFile = join(outdir, 'assets', `favicon-${createHash('sha256').update(iconBytes).digest('hex').slice(0, 8).toUpperCase()}.svg`);
  await writeFile(iconFile, iconBytes);
  const template = await readFile('web/index.html', 'utf8');
  await mkdir(outdir, { recursive: true });
  await writeFile(join(outdir, 'index.html'), template.replace('%SCRIPT%', href(script)).replace('%STYLESHEET%', href(stylesheet)).replace('%ICON%', href(iconFile)));
  const sizes = [];
  for (const file of outputs.filter((f) => f.endsWith('.js') || f.endsWith('.css'))) {
    const bytes = await readFile(file);
    sizes.push({ file: href(file), bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length });
  }
  return { script: href(script), stylesheet: href(stylesheet), sizes };
}

/** One line per file: "web client: /assets/main-X.js 31.2 KB (10.1 KB gzip)". */
export function describeWebClientSizes(sizes) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  return sizes.map((s) => `web client: ${s.file} ${kb(s.bytes)} (${kb(s.gzipBytes)} gzip)`).join('\n');
}
