import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse, textResponse } from '../../lib/platform/http/api-types';
import { guidText } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { runResultSchema } from '../../contracts/scenarios';
import { playStoredScenario } from '../../lib/features/scenarios/play-stored-scenario';
import { scenarioParams } from './scenario-schema';

const runQuery = z.strictObject({
  branchId: guidText.optional(),
  format: z.enum(['json', 'sequence'], 'must be "json" or "sequence"').default('json'),
});

/**
 * Plays the scenario over main, or the branch of `?branchId=`; 200 the run
 * result; writes nothing. With `?format=sequence` the run as Mermaid sequence
 * diagram text, `text/plain` (docs/sequence-diagrams.md).
 */
export const runScenario = defineRoute({
  group: 'scenarios',
  operation: 'run-scenario',
  method: 'POST',
  path: '/api/projects/{projectId}/scenarios/{scenarioId}/run',
  auth: 'signed-in',
  bodyKind: 'none',
  tokenScope: 'read',
  summary: 'Play a scenario over main or ?branchId=; writes nothing (viewer)',
  params: scenarioParams,
  query: runQuery,
  answers: {
    200: { contentType: 'application/json', alternatives: ['text/plain'], schema: runResultSchema, description: 'The run result; with `?format=sequence` the run as Mermaid `sequenceDiagram` text (docs/sequence-diagrams.md).' },
    404: 'problem',
  },
  access: { role: 'viewer' },
  description: 'Plays the scenario over main, or the branch of `?branchId=`; writes nothing.',
  example: { as: 'readToken' },
  run: async (request) => {
    const { runtime, caller, pathParameters } = request;
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
  },
});
