import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { findScenario } from '../../lib/scenarios/scenario-store';
import { scenarioView } from './scenario-views';

/** GET P/scenarios/{scenarioId} (viewer): the scenario with `origin`. */
export const getScenario: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const stored = await findScenario(runtime.db, project.id, pathUuid(pathParameters.scenarioId, 'Scenario'));
  if (!stored) throw HttpProblem.notFound('Scenario not found');
  return jsonResponse(200, scenarioView(stored));
};
