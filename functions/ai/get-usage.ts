import { authorizeWorkspace } from '../../lib/auth/access-policy';
import { aiUsageSummary } from '../../lib/ai/ai-usage';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { effectiveWorkspaceSettings } from '../../lib/settings/settings-service';

/** GET W/ai/usage (owner): 200 this UTC month's AI spend, in all and per provider, against the budgets (docs/ai.md "Call records"). */
export const getUsage: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
  await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
  const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, workspaceId);
  return jsonResponse(200, await aiUsageSummary(runtime.db, { workspaceId, settings, now: runtime.now() }));
};
