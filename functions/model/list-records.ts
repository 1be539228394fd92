import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pageLimit, guidText, pageCursor } from '../../lib/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/http/cursor';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { listModelRecordPage } from '../../lib/model/list-model-records';
import { elementKinds, elementStatuses } from '../../lib/model/model-records';
import { kindOfRoute, readStreamOf, readStreamQuery } from './model-request';

const commonQuery = { ...readStreamQuery, refersTo: guidText.optional(), cursor: pageCursor.optional(), limit: pageLimit };
export const elementQuery = z.strictObject({
  ...commonQuery,
  name: z.string().min(1).max(200).optional(),
  kind: z.enum(elementKinds).optional(),
  tag: z.string().min(1).max(200).optional(),
  status: z.enum(elementStatuses).optional(),
});
export const recordListQuery = z.strictObject(commonQuery);

/**
 * GET P/{kind} (viewer): 200 `{items, total, nextCursor}` in ID order, of main, `?branchId=` or
 * `?revisionId=`; `refersTo` keeps the records naming an ID (an element's children, relationships,
 * messages…); elements also filter by name, kind, tag, status.
 */
export const listRecords: Operation = async (request) => {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const kind = kindOfRoute(request);
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const query = parseQuery(kind === 'element' ? elementQuery : recordListQuery, request.query) as z.infer<typeof elementQuery>;
  const stream = await readStreamOf(runtime.db, project.id, query);
  const scope = `records:${stream.id}:${kind}:${JSON.stringify([query.name, query.kind, query.tag, query.status, query.refersTo?.toLowerCase()])}`;
  const afterId = query.cursor ? decodeCursor<string>(runtime.keyring, scope, query.cursor) : null;
  const page = await listModelRecordPage(runtime.db, { streamId: stream.id, kind, filters: { name: query.name, kind: query.kind, tag: query.tag, status: query.status, refersTo: query.refersTo?.toLowerCase() }, afterId, limit: query.limit });
  const last = page.items.at(-1);
  return jsonResponse(200, {
    items: page.items,
    total: page.total,
    nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, last.id) : null,
  }, { 'model-version': String(stream.modelVersion) });
};
