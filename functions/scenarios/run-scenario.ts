
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { playStoredScenario } from '../../lib/scenarios/play-stored-scenario';
import { branchIdOf } from '../model/model-request';

/**
 * POST P/scenarios/{scenarioId}/run (viewer): plays the scenario over main,
 * or the branch of `?branchId=`; 200 the run result; writes nothing.
 */
export const runScenario: Operation = async (request) => {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const played = await playStoredScenario(runtime.db, {
    projectId: project.id,
    scenarioId: pathUuid(pathParameters.scenarioId, 'Scenario'),
    branchId: branchIdOf(request)?.toLowerCase() ?? null,
  });
  if (!played.result) throw HttpProblem.notFound('Scenario not found');
  return jsonResponse(200, played.result);
};
