import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { requestRepositoryScan } from '../../lib/scans/request-scan';
import { startScanRequest } from '../../lib/sources/source-requests';
import { effectiveWorkspaceSettings } from '../../lib/settings/settings-service';

/** POST P/imports (editor): 202 a queued scan of a GitHub repository named in the body, without a Source (docs/sources.md). */
export const startRepositoryScan: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(startScanRequest, body);
  const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, project.workspaceId);
  const context = { db: runtime.db, profile: runtime.config.profile, sourcesRoot: runtime.config.sourcesRoot, settings, actor: actorOf(caller), now: runtime.now() };
  const scanId = await requestRepositoryScan(context, project, 'github', input);
  return jsonResponse(202, { scanId, state: 'queued', sourceId: null });
};
