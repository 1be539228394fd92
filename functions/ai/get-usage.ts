import { aiUsageSchema } from '../../contracts/ai';
import { aiUsageSummary } from '../../lib/features/ai/ai-usage';
import { authorizeWorkspace } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { effectiveWorkspaceSettings } from '../../lib/features/settings/settings-service';

/** docs/ai.md "Call records". */
export const getUsage = defineRoute({
  group: 'ai',
  operation: 'get-usage',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}/ai/usage',
  auth: 'person',
  summary: 'AI spend of this UTC month, in all and per provider, against the budgets (owner)',
  answers: { 200: aiUsageSchema },
  access: { role: 'owner', note: 'A person; an agent token gets 403.' },
  description: 'This UTC month\'s spend in exact decimal USD, in all and per provider (every provider of the settings, and any removed one that spent this month), against the budgets.',
  example: {},
  run: async ({ runtime, caller, pathParameters }) => {
    const workspaceId = pathUuid(pathParameters.workspaceId, 'Workspace');
    await authorizeWorkspace(runtime.db, caller, workspaceId, 'owner');
    const settings = await effectiveWorkspaceSettings({ db: runtime.db, profile: runtime.config.profile }, workspaceId);
    return jsonResponse(200, await aiUsageSummary(runtime.db, { workspaceId, settings, now: runtime.now() }));
  },
});
