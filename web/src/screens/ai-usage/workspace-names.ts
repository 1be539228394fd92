import { api, type Page } from '../../api/client';
import { useLoad } from '../../components/use-load';
import type { AgentToken, Member, ProjectItem } from '../account/account-api';

/** Names for the IDs a call record carries: its actor (`user:<id>`, `agent-token:<id>`) and its project. */
export interface WorkspaceNames {
  actor(actor: string): string;
  project(projectId: string): string | null;
}

async function itemsOrNone<T>(read: Promise<{ items: T[] }>): Promise<T[]> {
  try {
    return (await read).items;
  } catch {
    // A name is a convenience: without it the record shows its ID.
    return [];
  }
}

/** Members, agent tokens and the first 200 projects of the workspace, read once for the call table. */
export function useWorkspaceNames(workspaceId: string) {
  return useLoad(async (signal): Promise<WorkspaceNames> => {
    const ws = `/api/workspaces/${encodeURIComponent(workspaceId)}`;
    const [members, tokens, projects] = await Promise.all([
      itemsOrNone(api.get<{ items: Member[] }>(`${ws}/members`, { signal })),
      itemsOrNone(api.get<{ items: AgentToken[] }>(`${ws}/agent-tokens`, { signal })),
      itemsOrNone(api.get<Page<ProjectItem>>(`${ws}/projects`, { query: { limit: 200 }, signal })),
    ]);
    const people = new Map(members.map((m) => [`user:${m.userId}`, m.name || m.email]));
    const agents = new Map(tokens.map((t) => [`agent-token:${t.id}`, `agent token “${t.name}”`]));
    const projectNames = new Map(projects.map((p) => [p.id, p.name]));
    return {
      actor: (actor) => people.get(actor) ?? agents.get(actor) ?? actor,
      project: (projectId) => projectNames.get(projectId) ?? null,
    };
  }, [workspaceId]);
}
