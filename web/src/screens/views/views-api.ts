/**
 * The views and share-link endpoints as the client calls them (DECISIONS.md
 * "Revisions, branches, views", part 1 "Diagram and model exports",
 * docs/sharing.md "The API"). Shapes are the service's answers.
 */
import type { CreatedShareLink, ShareLink, ShareLinkStatus, View, ViewPosition } from '../../../../contracts/views';
import { api } from '../../api/client';
import { call } from '../../api/call';

export type { CreatedShareLink, ShareLink, ShareLinkStatus, View, ViewPosition };

/** Body of POST and PUT P/views…: `id` only on create, and only when chosen. */
export interface ViewInput {
  id?: string;
  name: string;
  rootElementId: string | null;
}

export interface ElementSummary {
  id: string;
  name: string;
  kind: string;
  parentId: string | null;
}

const projectBase = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;
const viewBase = (projectId: string, viewId: string) => `${projectBase(projectId)}/views/${encodeURIComponent(viewId)}`;

/**
 * Addresses of the exports, also used as plain download links (same origin, the session cookie goes
 * along). They answer text (SVG, Mermaid, Structurizr DSL), not a JSON contract, so they are read
 * with plain requests.
 */
export const exportPaths = {
  svg: (projectId: string, viewId: string) => `${viewBase(projectId, viewId)}/export/svg`,
  flowchart: (projectId: string, viewId: string) => `${viewBase(projectId, viewId)}/export/flowchart`,
  architectureDsl: (projectId: string) => `${projectBase(projectId)}/export/archdsl`,
};

export const viewsApi = {
  list: (projectId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/views', { projectId }, { signal }).then((page) => page.items),
  get: (projectId: string, viewId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/views/{viewId}', { projectId, viewId }, { signal }),
  create: (projectId: string, input: ViewInput) => call('POST /api/projects/{projectId}/views', { projectId }, { body: input }),
  replace: (projectId: string, viewId: string, input: ViewInput) => call('PUT /api/projects/{projectId}/views/{viewId}', { projectId, viewId }, { body: input }),
  remove: (projectId: string, viewId: string) => call('DELETE /api/projects/{projectId}/views/{viewId}', { projectId, viewId }),
  /** PUT …/layout replaces every saved position of the view; answers `{viewId, positions}`. */
  replaceLayout: (projectId: string, viewId: string, positions: ViewPosition[]) => call('PUT /api/projects/{projectId}/views/{viewId}/layout', { projectId, viewId }, { body: { positions } }),
  svg: (projectId: string, viewId: string, signal?: AbortSignal) => api.get<string>(exportPaths.svg(projectId, viewId), { as: 'text', signal }),
  flowchart: (projectId: string, viewId: string, signal?: AbortSignal) => api.get<string>(exportPaths.flowchart(projectId, viewId), { as: 'text', signal }),
  architectureDsl: (projectId: string, signal?: AbortSignal) => api.get<string>(exportPaths.architectureDsl(projectId), { as: 'text', signal }),
};

export const shareLinksApi = {
  list: (projectId: string, viewId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/views/{viewId}/share-links', { projectId, viewId }, { signal }).then((page) => page.items),
  create: (projectId: string, viewId: string, input: { password: string | null; expiresAt: string | null }) => call('POST /api/projects/{projectId}/views/{viewId}/share-links', { projectId, viewId }, { body: input }),
  revoke: (projectId: string, linkId: string) => call('DELETE /api/projects/{projectId}/share-links/{linkId}', { projectId, linkId }),
};

/** The elements a view is rooted at or picks from. */
export const elementsApi = {
  get: (projectId: string, elementId: string, signal?: AbortSignal): Promise<ElementSummary> => call('GET /api/projects/{projectId}/elements/{id}', { projectId, id: elementId }, { signal }),
  /** Elements of main whose name holds `name` (any case), at most `limit`. */
  search: (projectId: string, name: string, limit: number, signal?: AbortSignal): Promise<{ items: ElementSummary[]; total: number }> =>
    call('GET /api/projects/{projectId}/elements', { projectId }, { query: { name: name.trim() || undefined, limit }, signal }),
};

/** The effective sharing settings of a workspace (any member may read them), or null when they cannot be read. */
export async function workspaceSharing(workspaceId: string, signal?: AbortSignal): Promise<{ linkPolicy: string } | null> {
  try {
    const settings = await call('GET /api/workspaces/{workspaceId}/settings', { workspaceId }, { signal });
    return { linkPolicy: settings.effective.sharing.linkPolicy };
  } catch {
    return null;
  }
}
