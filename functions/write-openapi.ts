/**
 * `npm run openapi` (and the first step of `npm run build`): writes
 * docs/openapi.json from the route table and the routes' contracts
 * (docs/openapi.md). Node 20 cannot run TypeScript, so the script bundles
 * this file with esbuild first (dependencies stay external) and runs the bundle.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { routes } from '../lib/http/route-table';
import { buildOpenApiDocument, openApiDocumentText } from '../lib/openapi/build-openapi-document';
import packageJson from '../package.json';
import { routeContracts } from './route-contracts';

const target = resolve(process.argv[2] ?? 'docs/openapi.json');
await writeFile(target, openApiDocumentText(buildOpenApiDocument({ routes, contracts: routeContracts, version: packageJson.version })));
process.stdout.write(`wrote ${target} (${routes.length} routes)\n`);
