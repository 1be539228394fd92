/**
 * `npm run openapi` (and the first step of `npm run build`): writes
 * docs/openapi.json from the route list and the endpoints' contracts
 * (docs/openapi.md). Node 20 cannot run TypeScript, so the script bundles
 * this file with esbuild first (dependencies stay external) and runs the bundle.
 *
 * A route without a contract is left out with a warning naming the file to
 * add it to, so that the build still works while one is being written; the
 * tests fail until it is there (test/openapi/openapi-document.test.ts).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { serviceRoutes as routes } from './routes';
import { buildOpenApiDocument, openApiDocumentText } from '../lib/features/openapi/build-openapi-document';
import { contractOf, missingContractAdvice } from '../lib/platform/http/route-contract';
import packageJson from '../package.json';

const target = resolve(process.argv[2] ?? 'docs/openapi.json');
const missing = routes.filter((route) => !contractOf(route));
await writeFile(target, openApiDocumentText(buildOpenApiDocument({ routes, version: packageJson.version, skipMissing: true })));
process.stdout.write(`wrote ${target} (${routes.length - missing.length} routes)\n`);
for (const route of missing) process.stderr.write(`warning: left out of the OpenAPI document, no contract: ${missingContractAdvice(route)}\n`);
