import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { scenarioDocumentSchema, writtenScenarioSchema } from '../../contracts/scenarios';
import { replaceScenario as writeScenario } from '../../lib/features/scenarios/scenario-store';
import { scenarioBody, scenarioParams } from './scenario-schema';
import { readScenarioBody, scenarioView } from './scenario-views';

/** The ID comes from the path; a body ID must be the same. Answers the scenario with `ignored`. */
export const replaceScenario = defineRoute({
  group: 'scenarios',
  operation: 'replace-scenario',
  method: 'PUT',
  path: '/api/projects/{projectId}/scenarios/{scenarioId}',
  auth: 'signed-in',
  bodyLimitBytes: bodyLimits.scenarioRequest,
  malformedBodyType: 'invalid_scenario',
  summary: 'Replace a scenario (editor)',
  params: scenarioParams,
  body: scenarioDocumentSchema.partial({ id: true }),
  answers: { 200: writtenScenarioSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'editor' },
  description: 'The ID comes from the path; a body `id` must be the same.',
  example: { as: 'editor', params: { scenarioId: '{spareScenarioId}' }, body: scenarioBody('{spareScenarioId}', 'Rebuild, replaced') },
  run: async ({ runtime, caller, pathParameters, body }) => {
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
  },
});
