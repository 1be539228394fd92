import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { resumeScan as requeueScan } from '../../lib/scans/scan-lifecycle';
import { effectiveWorkspaceSettings } from '../../lib/settings/settings-service';

/** POST P/imports/{importId}/resume (editor): 202 queued again after a failure or cancel; 409 otherwise; 429 over the daily limit. */
export const resumeScan: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, project.workspaceId);
  return jsonResponse(202, await requeueScan(runtime.db, { projectId: project.id, workspaceId: project.workspaceId, scanId: pathUuid(pathParameters.importId, 'Scan'), settings, now: runtime.now() }));
};
