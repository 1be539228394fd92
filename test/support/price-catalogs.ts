import { expect } from 'vitest';
import type { ModelService } from './model-api';

/** Helpers of the price catalog tests (test/http/prices-*.test.ts). */

/** What a catalog may take of one request before the service answers 502: short, so a slow fake is quick to test. */
export const testCatalogTimeoutMs = 1500;

/** Replaces a workspace's settings overrides (PUT W/settings with the current version). */
export async function saveWorkspaceSettings(m: ModelService, workspaceId: string, overrides: unknown): Promise<void> {
  const current = await m.api('GET', `/api/workspaces/${workspaceId}/settings`, { session: m.admin.session });
  expect(current.status, current.text).toBe(200);
  const saved = await m.api('PUT', `/api/workspaces/${workspaceId}/settings`, { session: m.admin.session, json: overrides, headers: { 'if-match': `"${current.json.version}"` } });
  expect(saved.status, saved.text).toBe(200);
}

/** Every price of a workspace, through the paged list. */
export async function listAllPrices(m: ModelService, workspaceId: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await m.api('GET', `/api/workspaces/${workspaceId}/prices?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { session: m.admin.session });
    expect(page.status, page.text).toBe(200);
    items.push(...page.json.items);
    cursor = page.json.nextCursor;
  } while (cursor);
  return items;
}
