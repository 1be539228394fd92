import { evidenceItemsPage } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { evidencePage } from '../../lib/features/scans/scan-evidence';
import { scanOfProject } from '../../lib/features/scans/scan-store';
import { evidenceQuery } from './proposal-inputs';
import { scanParams } from './scan-params';

/** `{items[{factKey, kind, factStatus, confidence, path, startLine, endLine}], nextCursor}`, of one fact with `factKey`. */
export const listEvidence = defineRoute({
  group: 'scans',
  operation: 'list-evidence',
  method: 'GET',
  path: '/api/projects/{projectId}/imports/{importId}/evidence',
  auth: 'signed-in',
  summary: 'Evidence of the facts of a scan, by fact key',
  params: scanParams,
  query: evidenceQuery,
  answers: { 200: evidenceItemsPage, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer', query: { limit: '5' } },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
    const { cursor, limit, factKey } = parseQuery(evidenceQuery, query);
    const scope = `evidence:${scan.id}:${factKey ?? ''}`;
    const after = cursor === undefined ? 0 : decodeCursor<number>(runtime.keyring, scope, cursor);
    const page = await evidencePage(runtime.db, scan.id, factKey ?? null, after, limit);
    return jsonResponse(200, { items: page.items, nextCursor: page.next === null ? null : encodeCursor(runtime.keyring, scope, page.next) });
  },
});
