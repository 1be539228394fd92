import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { scenarioDocumentSchema, writtenScenarioSchema } from '../../contracts/scenarios';
import { insertScenario } from '../../lib/features/scenarios/scenario-store';
import { scenarioBody } from './scenario-schema';
import { readScenarioBody, scenarioView } from './scenario-views';

/** 201 the scenario with `ignored` (members no field reads); 409 when the ID is in use or the project holds 2000. */
export const createScenario = defineRoute({
  group: 'scenarios',
  operation: 'create-scenario',
  method: 'POST',
  path: '/api/projects/{projectId}/scenarios',
  auth: 'signed-in',
  bodyLimitBytes: bodyLimits.scenarioRequest,
  malformedBodyType: 'invalid_scenario',
  summary: 'Create a scenario with a caller-chosen ID (editor)',
  body: scenarioDocumentSchema,
  answers: { 201: writtenScenarioSchema, 400: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: '400 `invalid_scenario` or `validation_error` naming the JSON path; 409 when the ID is in use (also by a deleted scenario) or the project holds 2000.',
  example: { as: 'editor', body: scenarioBody('5e4d3c2b-1a09-4f8e-b7d6-c5b4a3928170', 'Rebuild once') },
  run: async ({ runtime, caller, pathParameters, body }) => {
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
  },
});
