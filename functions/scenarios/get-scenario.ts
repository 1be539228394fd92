import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { findScenario } from '../../lib/features/scenarios/scenario-store';
import { scenarioSchema } from '../../contracts/scenarios';
import { scenarioParams } from './scenario-schema';
import { scenarioView } from './scenario-views';

/** The scenario with `origin`. */
export const getScenario = defineRoute({
  group: 'scenarios',
  operation: 'get-scenario',
  method: 'GET',
  path: '/api/projects/{projectId}/scenarios/{scenarioId}',
  auth: 'signed-in',
  summary: 'A scenario with its origin (viewer)',
  params: scenarioParams,
  answers: { 200: scenarioSchema, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const stored = await findScenario(runtime.db, project.id, pathUuid(pathParameters.scenarioId, 'Scenario'));
    if (!stored) throw HttpProblem.notFound('Scenario not found');
    return jsonResponse(200, scenarioView(stored));
  },
});
