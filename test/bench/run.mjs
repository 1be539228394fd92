// `npm run bench -- <name> [options]`: runs test/bench/<name>.mjs (after `npm run build`).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** Files that are parts of benchmarks, not benchmarks. */
const helpers = new Set(['run.mjs', 'bare-server.mjs', 'bench-support.mjs', 'bench-models.mjs']);
const available = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && !helpers.has(f))
  .map((f) => f.slice(0, -'.mjs'.length))
  .sort();

const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  if (name) process.stderr.write(`bench: no benchmark "${name}"\n`);
  process.stderr.write(`usage: npm run bench -- <${available.join('|')}> [options]   (available: ${available.join(', ')})\n`);
  process.exit(2);
}
const bench = await import(pathToFileURL(join(here, `${name}.mjs`)).href);
await bench.main(args);
