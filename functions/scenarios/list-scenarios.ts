import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { pageQuery } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { scenarioSummariesPage } from '../../contracts/scenarios';
import { listScenarioPage } from '../../lib/features/scenarios/scenario-store';

/** A page of `{id, name}` in name order, with `nextCursor`. */
export const listScenarios = defineRoute({
  group: 'scenarios',
  operation: 'list-scenarios',
  method: 'GET',
  path: '/api/projects/{projectId}/scenarios',
  auth: 'signed-in',
  summary: 'Scenarios by name, paged (viewer)',
  query: pageQuery,
  answers: { 200: scenarioSummariesPage },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const { cursor, limit } = parseQuery(pageQuery, query);
    const scope = `scenarios:${project.id}`;
    const after = cursor ? decodeCursor<{ name: string; id: string }>(runtime.keyring, scope, cursor) : null;
    const page = await listScenarioPage(runtime.db, { projectId: project.id, after, limit });
    const last = page.items.at(-1);
    return jsonResponse(200, { items: page.items, nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, { name: last.name, id: last.id }) : null });
  },
});
