import { snapshotsList } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { listSnapshots as readSnapshots } from '../../lib/features/scans/snapshots';
import { findSource } from '../../lib/features/sources/source-store';
import { sourceParams } from './source-params';

/** `{items[{id, scanId, commitSha, isComplete, factCount, createdAt}]}`, newest first. */
export const listSnapshots = defineRoute({
  group: 'sources',
  operation: 'list-snapshots',
  method: 'GET',
  path: '/api/projects/{projectId}/sources/{sourceId}/snapshots',
  auth: 'signed-in',
  summary: 'Snapshots of a Source, newest first',
  params: sourceParams,
  answers: { 200: snapshotsList, 404: 'problem' },
  access: { role: 'viewer' },
  description: 'Newest first.',
  example: { as: 'viewer', params: { sourceId: '{pushSourceId}' } },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
    if (!source) throw HttpProblem.notFound('Source not found');
    return jsonResponse(200, { items: await readSnapshots(runtime.db, source.id) });
  },
});
