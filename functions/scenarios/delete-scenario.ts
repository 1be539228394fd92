import { authorizeProject } from '../../lib/features/auth/access-policy';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { deleteScenario as removeScenario } from '../../lib/features/scenarios/scenario-store';
import { scenarioParams } from './scenario-schema';

/** The ID stays taken. */
export const deleteScenario = defineRoute({
  group: 'scenarios',
  operation: 'delete-scenario',
  method: 'DELETE',
  path: '/api/projects/{projectId}/scenarios/{scenarioId}',
  auth: 'signed-in',
  summary: 'Delete a scenario; its ID stays taken (editor)',
  params: scenarioParams,
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', params: { scenarioId: '{doomedScenarioId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    if (!(await removeScenario(runtime.db, project.id, pathUuid(pathParameters.scenarioId, 'Scenario'), runtime.now()))) throw HttpProblem.notFound('Scenario not found');
    return noContentResponse();
  },
});
