import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contractModules from '../../contracts/index';
import { apiRoutesText } from '../../functions/api-routes-text';
import { endpoints } from '../../functions/routes';

/**
 * contracts/api-routes.ts is what the web client's calls are typed by (web/src/api/call.ts): it must
 * say what the route list answers now, and name every contracts module that holds answers.
 */
const root = path.resolve(import.meta.dirname, '../..');

describe('the route types of the contracts', () => {
  it('are committed as `npm run contracts` writes them from the route list', async () => {
    const committed = await readFile(path.join(root, 'contracts/api-routes.ts'), 'utf8');
    expect(committed === apiRoutesText(endpoints, contractModules), 'contracts/api-routes.ts is stale: run `npm run contracts` and commit it').toBe(true);
  });

  it('come from every contracts module that holds schemas, each listed in contracts/index.ts', async () => {
    const helpers = new Set(['index.ts', 'api-route.ts', 'api-routes.ts', 'schema-kit.ts']);
    const modules = (await readdir(path.join(root, 'contracts'))).filter((file) => file.endsWith('.ts') && !helpers.has(file)).map((file) => file.slice(0, -3).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()));
    expect(Object.keys(contractModules).sort()).toEqual(modules.sort());
  });

  it('type the answers the web client reads through the contracts, by route', () => {
    const text = apiRoutesText(endpoints, contractModules);
    for (const route of ['GET /api/workspaces/{workspaceId}/ai/usage', 'GET /api/workspaces/{workspaceId}/ai/calls', 'GET /api/workspaces/{workspaceId}/webhook-deliveries']) expect(text).toContain(`'${route}'`);
    expect(text).toContain("'GET /api/projects/{projectId}/elements': z.output<typeof model.elementPage>;");
    expect(text).toContain("'POST /api/projects/{projectId}/import': z.output<typeof model.importResultSchema>;");
  });

  it('type a success without a body as nothing: deleting a record answers 204', () => {
    expect(apiRoutesText(endpoints, contractModules)).toContain("'DELETE /api/projects/{projectId}/elements/{id}': undefined;");
  });
});
