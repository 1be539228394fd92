import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf, type Caller } from '../../lib/platform/http/caller';
import { jsonResponse, type ApiRequest, type ApiResponse } from '../../lib/platform/http/api-types';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { labelFact, type FactDecision } from '../../lib/core/model/label-fact';
import { modelKinds, sectionOfKind, type ModelKind } from '../../lib/core/model/model-records';
import { branchOrMain } from '../../lib/core/model/stream-store';
import { branchIdOf } from '../model/model-request';

/** `entityType` is a model kind, singular (`element`) or as its collection (`elements`). */
function entityTypeOf(text: string | undefined): ModelKind {
  const lower = (text ?? '').toLowerCase();
  const kind = modelKinds.find((k) => k === lower || sectionOfKind[k] === lower);
  if (!kind) throw HttpProblem.validation('Unknown entity type', [{ field: 'entityType', message: `must be one of ${modelKinds.filter((k) => k !== 'schema').join(', ')}` }]);
  return kind;
}

/** The shared path of accept and mark-unknown: editor role, the stream of `?branchId=`, one committed change. */
export async function runFactDecision(request: ApiRequest<Caller>, decide: (userId: string | null) => FactDecision): Promise<ApiResponse> {
  const { runtime, caller, pathParameters } = request;
  const kind = entityTypeOf(pathParameters.entityType);
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const stream = await branchOrMain(runtime.db, project.id, branchIdOf(request));
  const label = await labelFact(runtime.db, {
    streamId: stream.id,
    kind,
    id: pathUuid(pathParameters.entityId, kind),
    decision: decide(caller.kind === 'person' ? caller.userId : null),
    actor: actorOf(caller),
    now: runtime.now(),
  });
  return jsonResponse(200, label, { 'model-version': String(label.modelVersion) });
}
