#!/usr/bin/env node
// The `svc` bin of package.json: runs the bundle `npm run build` makes
// (dist/cli/svc.mjs, one file that needs no node_modules). A checkout that was
// not built yet says so instead of failing with a stack trace.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/cli/svc.mjs', import.meta.url);
if (!existsSync(bundle)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.stderr.write(`svc: the command-line tool is not built yet: run \`npm install && npm run build\` in ${root}\n`);
  process.exit(2);
}
await import(bundle.href);
