import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, noContentResponse, type ApiRequest, type ApiResponse } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { editModelRecord, type RecordEdit } from '../../lib/model/edit-model-record';
import { branchIdOf, kindOfRoute, streamOfRequest } from './model-request';

/**
 * The shared path of create, replace and delete: editor role, the stream of
 * `?branchId=`, then one checked edit. The answer carries the new version in
 * the `Model-Version` header.
 */
export async function runRecordEdit(request: ApiRequest, makeEdit: (id: string | null) => RecordEdit): Promise<ApiResponse> {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const kind = kindOfRoute(request);
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const stream = await streamOfRequest(runtime.db, project.id, branchIdOf(request));
  const id = pathParameters.id === undefined ? null : pathUuid(pathParameters.id, kind);
  const edit = makeEdit(id);
  const result = await editModelRecord(runtime.db, { streamId: stream.id, modelStreamId: project.id, kind, edit, actor: actorOf(caller), now: runtime.now() });
  const headers = { 'model-version': String(result.modelVersion) };
  if (edit.type === 'delete') return noContentResponse(headers);
  return jsonResponse(edit.type === 'create' ? 201 : 200, result.record, headers);
}
