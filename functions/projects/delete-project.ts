import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { deleteProject as removeProject } from '../../lib/workspaces/project-store';
import { appendAudit } from '../../lib/audit/audit-log';

/** DELETE /api/projects/{projectId} (owner): 204. */
export const deleteProject: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'owner');
  await removeProject(runtime.db, project.id);
  await appendAudit(runtime.db, { workspaceId: project.workspaceId, actor: actorOf(caller), action: 'project.delete', detail: { projectId: project.id, name: project.name }, at: runtime.now() });
  return noContentResponse();
};
