import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { insertScenario } from '../../lib/scenarios/scenario-store';
import { readScenarioBody, scenarioView } from './scenario-views';

/** POST P/scenarios (editor): 201 the scenario with `ignored` (members no field reads); 409 when the ID is in use or the project holds 2000. */
export const createScenario: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const { document, ignored } = readScenarioBody(body, { mode: 'create' });
  const stored = await insertScenario(runtime.db, {
    projectId: project.id,
    id: document.id.toLowerCase(),
    name: document.name,
    document: { ...document, id: document.id.toLowerCase() } as unknown as Record<string, unknown>,
    origin: null,
    actor: actorOf(caller),
    now: runtime.now(),
  });
  return jsonResponse(201, { ...scenarioView(stored), ignored });
};
