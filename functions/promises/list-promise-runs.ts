import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { promiseRunsPage } from '../../contracts/promises';
import { findPromise } from '../../lib/features/promises/promise-store';
import { findObligation, readPromiseRunPage } from '../../lib/features/promises/promise-views';
import { runsQuery } from './promise-inputs';
import { promiseParams } from './promise-params';

/** 200 `{items, nextCursor}`, newest first; `obligation` (ID or key) narrows to one. */
export const listPromiseRuns = defineRoute({
  group: 'promises',
  operation: 'list-promise-runs',
  method: 'GET',
  path: '/api/projects/{projectId}/promises/{promiseId}/runs',
  auth: 'signed-in',
  summary: 'Runs of a promise, newest first, append-only; ?obligation= ID or key (viewer)',
  params: promiseParams,
  query: runsQuery,
  answers: { 200: promiseRunsPage, 404: 'problem' },
  access: { role: 'viewer' },
  description: 'Newest first, append-only.',
  example: { as: 'readToken', query: { obligation: 'O1' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const input = parseQuery(runsQuery, query);
    const promise = await findPromise(runtime.db, project.id, pathUuid(pathParameters.promiseId, 'Promise'));
    if (!promise) throw HttpProblem.notFound('Promise not found');
    const obligation = input.obligation === undefined ? undefined : await findObligation(runtime.db, promise.id, input.obligation);
    if (input.obligation !== undefined && !obligation) throw HttpProblem.notFound('Obligation not found', `The promise has no obligation ${input.obligation}.`);
    const scope = `promise-runs:${promise.id}:${obligation?.id ?? '*'}`;
    const beforeSeq = input.cursor ? decodeCursor<string>(runtime.keyring, scope, input.cursor) : null;
    const page = await readPromiseRunPage(runtime.db, { promise, obligationId: obligation?.id ?? null, beforeSeq, limit: input.limit });
    return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && page.lastSeq !== null ? encodeCursor(runtime.keyring, scope, page.lastSeq) : null });
  },
});
