import { randomUUID } from 'node:crypto';
import { authorizeProject, type WorkspaceRole } from '../../lib/features/auth/access-policy';
import type { Caller, PersonCaller } from '../../lib/platform/http/caller';
import type { CommentContext, CommentWriter } from '../../lib/features/comments/threads';
import type { ApiRequest } from '../../lib/platform/http/api-types';
import { pathUuid } from '../../lib/platform/http/parse-input';
import type { ServiceRuntime } from '../../lib/platform/runtime/service-runtime';
import type { ProjectRecord } from '../../lib/features/workspaces/project-store';

/** What the comment rules need of the runtime. */
export function commentContext(runtime: ServiceRuntime): CommentContext {
  return { db: runtime.db, now: runtime.now, newId: randomUUID };
}

/**
 * The project and the person writing, with at least `need` (docs/decisions.md "Comments"):
 * comments are people's words, so the write routes take no agent token (`auth: person`).
 */
export async function authorizeWriter(request: ApiRequest<PersonCaller>, need: WorkspaceRole): Promise<{ project: ProjectRecord; writer: CommentWriter }> {
  const { caller, runtime, pathParameters } = request;
  const { project, role } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), need);
  return { project, writer: { userId: caller.userId, role: role! } };
}

/** The project for a read: viewers, and agent tokens with the `read` scope. */
export async function authorizeReader(request: ApiRequest<Caller>): Promise<ProjectRecord> {
  const { caller, runtime, pathParameters } = request;
  return (await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer')).project;
}
