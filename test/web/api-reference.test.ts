import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoutes as routes } from '../../functions/routes';
import { webClientContentSecurityPolicy } from '../../lib/platform/web/web-file-response';
import { call } from '../support/http-client';
import { chromiumMissing, requestsLeavingService, startWebSession, type WebSession } from './web-browser';

/**
 * The API reference at /docs in a real browser (docs/openapi.md): Swagger UI
 * served by the service reads /openapi.json and lists the operations, under
 * the web client's Content-Security-Policy (scripts and styles from 'self'
 * only), asking nothing of any other origin.
 */
if (chromiumMissing) console.log(`api-reference: browser tests skipped: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)('the API reference page in headless chromium', () => {
  let session: WebSession;

  beforeAll(async () => {
    session = await startWebSession({ signedIn: false });
  }, 90_000);

  afterAll(async () => {
    await session?.stop();
  });

  // Swagger UI reads the whole document (about 1.3 MB) before it draws: seconds on a busy machine.
  it('lists the operations of /openapi.json with their summaries, every file from the service, no CSP violation', async () => {
    const page = await session.page.goto('/docs');
    expect(page?.status()).toBe(200);
    expect(page?.headers()['content-security-policy']).toBe(webClientContentSecurityPolicy);
    // Operations grouped by function group, the first group's drawn at once (Swagger UI draws the others as they scroll into view).
    const summary = routes.find((r) => r.method === 'GET' && r.path === '/api/agent/capabilities')!.summary;
    await session.page.getByText(summary, { exact: true }).first().waitFor({ timeout: 45_000 });
    expect(await session.page.locator('.opblock-summary-path[data-path="/api/agent/capabilities"]').count()).toBe(1);
    expect(requestsLeavingService(session.requests, session.model.service.url)).toEqual([]);
    expect(session.requests.some((url) => url.endsWith('/openapi.json'))).toBe(true);
    expect(session.consoleErrors).toEqual([]);
  }, 60_000);

  it('opens an operation by its link to show its summary, the role it needs, its parameters and the credential it takes', async () => {
    const page = await session.context.newPage();
    await page.goto('/docs#/graph/find-paths');
    const block = page.locator('#operations-graph-find-paths');
    const summary = routes.find((r) => r.method === 'GET' && r.path === '/api/projects/{projectId}/paths')!.summary;
    await block.getByText(summary, { exact: true }).waitFor({ timeout: 45_000 });
    await block.getByText('Role: viewer (or higher) in the workspace.', { exact: false }).waitFor();
    for (const parameter of ['fromId', 'toId', 'maxDepth', 'projectId']) expect(await block.locator(`tr[data-param-name="${parameter}"]`).count(), parameter).toBe(1);
    expect(await block.locator('.authorization__btn').count()).toBeGreaterThan(0);
    expect(session.consoleErrors).toEqual([]);
  }, 60_000);

  it('serves its files compressed and refuses a name that is none of them', async () => {
    const bundle = await fetch(`${session.model.service.url}/docs/swagger-ui-bundle.js`, { headers: { 'accept-encoding': 'br' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-encoding')).toBe('br');
    expect((await call(session.model.service.url, 'GET', '/docs/..%2Fopenapi.json')).status).toBe(404);
    expect((await call(session.model.service.url, 'GET', '/docs/index.html')).status).toBe(404);
  });
});
