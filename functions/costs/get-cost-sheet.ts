import { readableLine } from '../../lib/features/costs/cost-lines';
import { costSheetOf } from '../../lib/features/costs/cost-sheet';
import { costSheetSchema } from '../../contracts/costs';
import { readSheet } from '../../lib/features/costs/cost-sheet-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { sheetQuery } from './cost-inputs';
import { openProject } from './cost-request';

/** The cost sheet of main, `?branchId=`, or a revision's frozen one by `?revisionId=`. */
export const getCostSheet = defineRoute({
  group: 'costs',
  operation: 'get-cost-sheet',
  method: 'GET',
  path: '/api/projects/{projectId}/costs',
  auth: 'signed-in',
  summary: 'The cost sheet of main, ?branchId= or ?revisionId= (viewer)',
  query: sheetQuery,
  answers: { 200: costSheetSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async (request) => {
    const { project } = await openProject(request, 'viewer');
    const line = await readableLine(request.runtime.db, project, parseQuery(sheetQuery, request.query));
    return jsonResponse(200, costSheetOf(line, await readSheet(request.runtime.db, line.streamId)));
  },
});
