/**
 * `npm run infra:template`: writes infra/template.yaml from the route table.
 * Node 20 cannot run TypeScript, so the script bundles this file with esbuild
 * first (dependencies stay external) and runs the bundle.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { routes } from '../lib/http/route-table';
import { lambdaPayloadLimitBytes, renderSamTemplate, routesOverPayloadLimit } from './generate-template';

const target = resolve(process.argv[2] ?? 'infra/template.yaml');
await writeFile(target, renderSamTemplate(routes));
process.stdout.write(`wrote ${target} (${routes.length} route function(s))\n`);
for (const route of routesOverPayloadLimit(routes)) {
  process.stderr.write(
    `warning: ${route.method} ${route.path} accepts ${route.bodyLimitBytes} bytes; a function receives at most ${lambdaPayloadLimitBytes}: larger bodies fail before the handler runs.\n`,
  );
}
