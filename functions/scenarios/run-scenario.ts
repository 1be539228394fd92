
import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, textResponse, type Operation } from '../../lib/http/api-types';
import { guidText } from '../../lib/http/common-schemas';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { playStoredScenario } from '../../lib/scenarios/play-stored-scenario';

export const runQuery = z.strictObject({
  branchId: guidText.optional(),
  format: z.enum(['json', 'sequence'], 'must be "json" or "sequence"').default('json'),
});

/**
 * POST P/scenarios/{scenarioId}/run (viewer): plays the scenario over main,
 * or the branch of `?branchId=`; 200 the run result; writes nothing. With
 * `?format=sequence` the run as Mermaid sequence diagram text, `text/plain`
 * (docs/sequence-diagrams.md).
 */
export const runScenario: Operation = async (request) => {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const { branchId, format } = parseQuery(runQuery, request.query);
  const played = await playStoredScenario(runtime.db, {
    projectId: project.id,
    scenarioId: pathUuid(pathParameters.scenarioId, 'Scenario'),
    branchId: branchId?.toLowerCase() ?? null,
  });
  if (!played.result) throw HttpProblem.notFound('Scenario not found');
  if (format === 'sequence') return textResponse(200, played.sequenceText()!);
  return jsonResponse(200, played.result);
};
