import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { readModelRecord } from '../../lib/model/model-store';
import { branchIdOf, kindOfRoute, recordNotFound, streamOfRequest } from './model-request';

/** GET P/{kind}/{id} (viewer): the record of main or `?branchId=`. */
export const getRecord: Operation = async (request) => {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const kind = kindOfRoute(request);
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const stream = await streamOfRequest(runtime.db, project.id, branchIdOf(request));
  const record = await readModelRecord(runtime.db, stream.id, kind, pathUuid(pathParameters.id, kind));
  if (!record) throw recordNotFound(kind);
  return jsonResponse(200, record, { 'model-version': String(stream.modelVersion) });
};
