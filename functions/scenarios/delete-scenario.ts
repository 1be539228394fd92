import { authorizeProject } from '../../lib/auth/access-policy';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { deleteScenario as removeScenario } from '../../lib/scenarios/scenario-store';

/** DELETE P/scenarios/{scenarioId} (editor): 204; the ID stays taken. */
export const deleteScenario: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  if (!(await removeScenario(runtime.db, project.id, pathUuid(pathParameters.scenarioId, 'Scenario'), runtime.now()))) throw HttpProblem.notFound('Scenario not found');
  return noContentResponse();
};
