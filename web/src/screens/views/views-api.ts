/**
 * The views and share-link endpoints as the client calls them (DECISIONS.md
 * "Revisions, branches, views", part 1 "Diagram and model exports",
 * docs/sharing.md "The API"). Shapes are the service's answers.
 */
import { api } from '../../api/client';

export interface ViewPosition {
  elementId: string;
  x: number;
  y: number;
}

export interface View {
  id: string;
  projectId: string;
  name: string;
  rootElementId: string | null;
  positions: ViewPosition[];
  createdAt: string;
  updatedAt: string;
}

/** Body of POST and PUT P/views…: `id` only on create, and only when chosen. */
export interface ViewInput {
  id?: string;
  name: string;
  rootElementId: string | null;
}

export type ShareLinkStatus = 'active' | 'expired' | 'revoked' | 'blocked';

export interface ShareLink {
  id: string;
  viewId: string;
  hasPassword: boolean;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  createdBy: string | null;
  status: ShareLinkStatus;
}

/** The 201 answer: the link with its token and address, given this once. */
export interface CreatedShareLink extends ShareLink {
  token: string;
  url: string;
}

export interface ElementSummary {
  id: string;
  name: string;
  kind: string;
  parentId: string | null;
}

const projectBase = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;
const viewBase = (projectId: string, viewId: string) => `${projectBase(projectId)}/views/${encodeURIComponent(viewId)}`;

/** Addresses of the exports, also used as plain download links (same origin, the session cookie goes along). */
export const exportPaths = {
  svg: (projectId: string, viewId: string) => `${viewBase(projectId, viewId)}/export/svg`,
  flowchart: (projectId: string, viewId: string) => `${viewBase(projectId, viewId)}/export/flowchart`,
  architectureDsl: (projectId: string) => `${projectBase(projectId)}/export/archdsl`,
};

export const viewsApi = {
  list: (projectId: string, signal?: AbortSignal) => api.get<{ items: View[] }>(`${projectBase(projectId)}/views`, { signal }).then((page) => page.items),
  get: (projectId: string, viewId: string, signal?: AbortSignal) => api.get<View>(viewBase(projectId, viewId), { signal }),
  create: (projectId: string, input: ViewInput) => api.post<View>(`${projectBase(projectId)}/views`, input),
  replace: (projectId: string, viewId: string, input: ViewInput) => api.put<View>(viewBase(projectId, viewId), input),
  remove: (projectId: string, viewId: string) => api.delete<void>(viewBase(projectId, viewId)),
  /** PUT …/layout replaces every saved position of the view; answers `{viewId, positions}`. */
  replaceLayout: (projectId: string, viewId: string, positions: ViewPosition[]) =>
    api.put<{ viewId: string; positions: ViewPosition[] }>(`${viewBase(projectId, viewId)}/layout`, { positions }),
  svg: (projectId: string, viewId: string, signal?: AbortSignal) => api.get<string>(exportPaths.svg(projectId, viewId), { as: 'text', signal }),
  flowchart: (projectId: string, viewId: string, signal?: AbortSignal) => api.get<string>(exportPaths.flowchart(projectId, viewId), { as: 'text', signal }),
  architectureDsl: (projectId: string, signal?: AbortSignal) => api.get<string>(exportPaths.architectureDsl(projectId), { as: 'text', signal }),
};

export const shareLinksApi = {
  list: (projectId: string, viewId: string, signal?: AbortSignal) =>
    api.get<{ items: ShareLink[] }>(`${viewBase(projectId, viewId)}/share-links`, { signal }).then((page) => page.items),
  create: (projectId: string, viewId: string, input: { password: string | null; expiresAt: string | null }) =>
    api.post<CreatedShareLink>(`${viewBase(projectId, viewId)}/share-links`, input),
  revoke: (projectId: string, linkId: string) => api.delete<void>(`${projectBase(projectId)}/share-links/${encodeURIComponent(linkId)}`),
};

export const elementsApi = {
  get: (projectId: string, elementId: string, signal?: AbortSignal) =>
    api.get<ElementSummary>(`${projectBase(projectId)}/elements/${encodeURIComponent(elementId)}`, { signal }),
  /** Elements of main whose name holds `name` (any case), at most `limit`. */
  search: (projectId: string, name: string, limit: number, signal?: AbortSignal) =>
    api.get<{ items: ElementSummary[]; total: number }>(`${projectBase(projectId)}/elements`, { query: { name: name.trim() || undefined, limit }, signal }),
};

/** The effective sharing settings of a workspace (any member may read them), or null when they cannot be read. */
export async function workspaceSharing(workspaceId: string, signal?: AbortSignal): Promise<{ linkPolicy: string } | null> {
  try {
    const settings = await api.get<{ effective?: { sharing?: { linkPolicy?: string } } }>(`/api/workspaces/${encodeURIComponent(workspaceId)}/settings`, { signal });
    const policy = settings.effective?.sharing?.linkPolicy;
    return typeof policy === 'string' ? { linkPolicy: policy } : null;
  } catch {
    return null;
  }
}
