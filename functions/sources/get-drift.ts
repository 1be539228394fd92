import { z } from 'zod';
import { driftReportSchema, driftStatuses } from '../../contracts/drift';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { driftPage, type DriftPosition } from '../../lib/features/drift/drift-page';
import { readDrift } from '../../lib/features/drift/drift-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageCursor, pageLimit } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';

const driftQuery = z.strictObject({
  status: z.enum(driftStatuses, `must be one of ${driftStatuses.join(', ')}`).optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
});

/** Counts of the whole report; the page by status, kind, name. */
export const getDrift = defineRoute({
  group: 'sources',
  operation: 'get-drift',
  method: 'GET',
  path: '/api/projects/{projectId}/drift',
  auth: 'signed-in',
  summary: "Drift of main against each Source's latest complete scan: counts and a page of items with their evidence",
  params: z.object({ projectId: z.string() }),
  query: driftQuery,
  answers: { 200: driftReportSchema, 404: 'problem' },
  access: { role: 'viewer' },
  description:
    'Each fact is in-sync, documented-not-seen, seen-not-documented or changed (docs/change-review.md "Drift"). `counts` covers the whole report whatever `status` filters; items come by status, kind and name, each with its evidence, the pending proposal of the scan read and the record\'s stale mark.',
  example: { as: 'viewer', query: { limit: '20' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const { status, cursor, limit } = parseQuery(driftQuery, query);
    const scope = `drift:${project.id}:${status ?? ''}`;
    const after = cursor === undefined ? null : decodeCursor<DriftPosition>(runtime.keyring, scope, cursor);
    const drift = await readDrift(runtime.db, project.id);
    const page = driftPage(drift.items, { status: status ?? null, after, limit });
    return jsonResponse(200, {
      modelVersion: drift.modelVersion,
      sources: drift.sources,
      counts: drift.counts,
      items: page.items,
      nextCursor: page.next === null ? null : encodeCursor(runtime.keyring, scope, page.next),
    });
  },
});
