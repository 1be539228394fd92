import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18: "the first screen loads under 200 KB of JavaScript (gzip)". The
 * first screen runs index.html's scripts and everything they import
 * statically; what they import dynamically loads later, when a screen asks.
 */
const webDirectory = resolve(import.meta.dirname, '../../dist/web');
const firstScreenLimitBytes = 200 * 1024;

/** The files `entry` imports statically, itself included, read from esbuild's metafile of the built files. */
async function staticImportClosure(entry: string): Promise<string[]> {
  const result = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, format: 'esm', splitting: true, outdir: join(webDirectory, 'size-check'), logLevel: 'silent' });
  const inputs = result.metafile.inputs;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of inputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(Object.keys(inputs).find((file) => resolve(file) === resolve(entry))!);
  return [...seen].map((file) => resolve(file));
}

describe('web client size', () => {
  it('the JavaScript of the first screen is under 200 KB gzip', async () => {
    const html = await readFile(join(webDirectory, 'index.html'), 'utf8').catch(() => expect.fail('dist/web/index.html is missing: run `npm run build` first'));
    const scripts = [...html.matchAll(/<script[^>]*\bsrc="\/([^"]+)"/g)].map((m) => join(webDirectory, m[1]!));
    expect(scripts.length).toBeGreaterThan(0);
    const files = new Set((await Promise.all(scripts.map(staticImportClosure))).flat());
    let gzipBytes = 0;
    for (const file of files) gzipBytes += gzipSync(await readFile(file), { level: 9 }).length;
    console.log(`web client: first screen ${files.size} file(s), ${(gzipBytes / 1024).toFixed(1)} KB of JavaScript gzip (limit 200 KB)`);
    expect(gzipBytes).toBeGreaterThan(1000);
    expect(gzipBytes).toBeLessThan(firstScreenLimitBytes);
  });
});
