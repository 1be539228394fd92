import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { deleteProject as removeProject } from '../../lib/features/workspaces/project-store';
import { appendAudit } from '../../lib/platform/audit/audit-log';

export const deleteProject = defineRoute({
  group: 'projects',
  operation: 'delete-project',
  method: 'DELETE',
  path: '/api/projects/{projectId}',
  auth: 'signed-in',
  summary: 'Delete a project and everything in it (owner)',
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'owner' },
  example: { params: { projectId: '{doomedProjectId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'owner');
    await removeProject(runtime.db, project.id);
    await appendAudit(runtime.db, { workspaceId: project.workspaceId, actor: actorOf(caller), action: 'project.delete', detail: { projectId: project.id, name: project.name }, at: runtime.now() });
    return noContentResponse();
  },
});
