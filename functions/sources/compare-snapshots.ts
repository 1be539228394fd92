import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { guidText } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { snapshotComparisonSchema } from '../../contracts/sources';
import { compareSnapshots as compare } from '../../lib/features/scans/snapshots';
import { findSource } from '../../lib/features/sources/source-store';
import { sourceParams } from './source-params';

const compareQuery = z.strictObject({ base: guidText, head: guidText });

/** `?base=&head=`: 404 when either is no snapshot of the Source. */
export const compareSnapshots = defineRoute({
  group: 'sources',
  operation: 'compare-snapshots',
  method: 'GET',
  path: '/api/projects/{projectId}/sources/{sourceId}/snapshots/compare',
  auth: 'signed-in',
  summary: 'Facts added, removed and changed between two snapshots',
  params: sourceParams,
  query: compareQuery,
  answers: { 200: snapshotComparisonSchema, 404: 'problem' },
  access: { role: 'viewer' },
  description: 'Fact keys added, removed and changed.',
  example: { as: 'viewer', params: { sourceId: '{pushSourceId}' }, query: { base: '{firstSnapshotId}', head: '{secondSnapshotId}' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
    if (!source) throw HttpProblem.notFound('Source not found');
    const { base, head } = parseQuery(compareQuery, query);
    const result = await compare(runtime.db, source.id, base.toLowerCase(), head.toLowerCase());
    if (!result) throw HttpProblem.notFound('Snapshot not found', 'base and head must both be snapshots of this Source.');
    return jsonResponse(200, result);
  },
});
