import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { readModelRecord } from '../../lib/model/model-store';
import { kindOfRoute, readStreamOf, readStreamQuery, recordNotFound } from './model-request';

export const recordQuery = z.strictObject(readStreamQuery);

/** GET P/{kind}/{id} (viewer): the record of main, `?branchId=` or `?revisionId=`. */
export const getRecord: Operation = async (request) => {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const kind = kindOfRoute(request);
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const stream = await readStreamOf(runtime.db, project.id, parseQuery(recordQuery, request.query));
  const record = await readModelRecord(runtime.db, stream.id, kind, pathUuid(pathParameters.id, kind));
  if (!record) throw recordNotFound(kind);
  return jsonResponse(200, record, { 'model-version': String(stream.modelVersion) });
};
