import { call } from '../../api/call';
import { useLoad } from '../../components/use-load';

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
    const [members, tokens, projects] = await Promise.all([
      itemsOrNone(call('GET /api/workspaces/{workspaceId}/members', { workspaceId }, { signal })),
      itemsOrNone(call('GET /api/workspaces/{workspaceId}/agent-tokens', { workspaceId }, { signal })),
      itemsOrNone(call('GET /api/workspaces/{workspaceId}/projects', { workspaceId }, { query: { limit: 200 }, signal })),
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
