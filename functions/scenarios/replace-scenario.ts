import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { replaceScenario as writeScenario } from '../../lib/scenarios/scenario-store';
import { readScenarioBody, scenarioView } from './scenario-views';

/** PUT P/scenarios/{scenarioId} (editor): the ID comes from the path; a body ID must be the same. Answers the scenario with `ignored`. */
export const replaceScenario: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const scenarioId = pathUuid(pathParameters.scenarioId, 'Scenario');
  const { document, ignored } = readScenarioBody(body, { mode: 'replace', pathId: scenarioId });
  const stored = await writeScenario(runtime.db, {
    projectId: project.id,
    id: scenarioId,
    name: document.name,
    document: { ...document, id: scenarioId } as unknown as Record<string, unknown>,
    now: runtime.now(),
  });
  return jsonResponse(200, { ...scenarioView(stored), ignored });
};
