import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWithInspector, specToolNames } from '../inspector/inspector-check.mjs';
import { idFor, startModelService, type ModelService, type Project } from '../support/model-api';

/**
 * A second real MCP client: the MCP Inspector CLI (`npx --offline
 * @modelcontextprotocol/inspector --cli`, a dev dependency, so it runs
 * offline) lists the tools and calls find_elements with a bearer header
 * against the built server. `npm run test:inspector` runs the same check
 * against a server of its own.
 */
const seed = '1a5bec70-0000-4000-8000-00000000c11e';
const inspectorInstalled = existsSync(resolve(import.meta.dirname, '../../node_modules/@modelcontextprotocol/inspector/package.json'));
if (!inspectorInstalled) console.log('skipping the MCP Inspector check: @modelcontextprotocol/inspector is not installed (run npm ci)');

describe.runIf(inspectorInstalled)('the MCP Inspector CLI against /mcp', () => {
  let m: ModelService;
  let project: Project;
  let token: string;

  beforeAll(async () => {
    m = await startModelService();
    const workspaceId = await m.createWorkspace('Inspector');
    project = await m.createProject(workspaceId, 'Inspected');
    const imported = await m.importModel(project.id, {
      elements: [
        { id: idFor(seed, 'shop'), kind: 'system', name: 'Shop', status: 'current', parentId: null },
        { id: idFor(seed, 'checkout'), kind: 'app', name: 'Checkout', status: 'current', parentId: idFor(seed, 'shop') },
      ],
    });
    expect(imported.status, imported.text).toBe(200);
    token = await m.createToken(workspaceId, ['read']);
  });

  afterAll(async () => {
    await m?.stop();
  });

  it('lists every tool and calls find_elements with a bearer header', async () => {
    const seen = await checkWithInspector({ mcpUrl: `${m.service.url}/mcp`, token, projectId: project.id, expectedTools: specToolNames, expectedElementName: 'Checkout' });
    expect(seen.tools).toEqual(specToolNames);
    expect(seen.envelope.truth).toBe('declared');
    expect(seen.elementNames.sort()).toEqual(['Checkout', 'Shop']);
  }, 120_000);
});
