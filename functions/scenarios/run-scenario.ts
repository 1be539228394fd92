import { performance } from 'node:perf_hooks';
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { loadModelSnapshot } from '../../lib/model/model-store';
import { playScenario } from '../../lib/playback/play-scenario';
import type { ScenarioDocument } from '../../lib/playback/scenario-document';
import { findScenario } from '../../lib/scenarios/scenario-store';
import { branchIdOf, streamOfRequest } from '../model/model-request';

/**
 * POST P/scenarios/{scenarioId}/run (viewer): plays the scenario over main,
 * or the branch of `?branchId=`; 200 the run result; writes nothing. The
 * model, its version and the scenario are read in one snapshot.
 */
export const runScenario: Operation = async (request) => {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const scenarioId = pathUuid(pathParameters.scenarioId, 'Scenario');
  const branchId = branchIdOf(request);
  const read = await runtime.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const stored = await findScenario(trx, project.id, scenarioId);
      if (!stored) throw HttpProblem.notFound('Scenario not found');
      const stream = await streamOfRequest(trx, project.id, branchId);
      return { stored, stream, model: await loadModelSnapshot(trx, stream.id) };
    });
  const result = playScenario({
    model: read.model,
    modelVersion: read.stream.modelVersion,
    scenario: { ...(read.stored.document as object), id: read.stored.id, name: read.stored.name } as ScenarioDocument,
    monotonicNowMs: () => performance.now(),
  });
  return jsonResponse(200, result);
};
