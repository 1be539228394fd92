#!/usr/bin/env node
// The `svc` bin of package.json: runs the bundle `npm run build` makes
// (dist/cli/svc.mjs, one file that needs no node_modules). In a checkout that
// was installed but not built yet it builds that one bundle first (about a
// second, with the esbuild of the checkout); without esbuild it says what to run.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { cliBundleFile, cliBundleOptions } from './cli-bundle.mjs';

if (!existsSync(cliBundleFile)) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    process.stderr.write('svc: the command-line tool is not built yet: run `npm install && npm run build` in this checkout\n');
    process.exit(2);
  }
  await esbuild.build(cliBundleOptions());
}
await import(pathToFileURL(cliBundleFile).href);
