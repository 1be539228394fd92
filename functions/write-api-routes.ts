/**
 * `npm run contracts`: writes contracts/api-routes.ts, the answer type of every route whose answer is
 * a schema of contracts/ (functions/api-routes-text.ts). Node 20 cannot run TypeScript, so the script
 * bundles this file with esbuild first (dependencies stay external) and runs the bundle.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as contractModules from '../contracts/index';
import { apiRoutesText } from './api-routes-text';
import { endpoints } from './routes';

const target = resolve(process.argv[2] ?? 'contracts/api-routes.ts');
const text = apiRoutesText(endpoints, contractModules);
await writeFile(target, text);
process.stdout.write(`wrote ${target} (${text.split('\n').filter((line) => line.startsWith("  '")).length} routes)\n`);
