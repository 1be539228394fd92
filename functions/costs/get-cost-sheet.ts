import { readableLine } from '../../lib/costs/cost-lines';
import { costSheetOf } from '../../lib/costs/cost-sheet';
import { readSheet } from '../../lib/costs/cost-sheet-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { sheetQuery } from './cost-inputs';
import { openProject } from './cost-request';

/** GET P/costs (viewer): 200 the cost sheet of main, `?branchId=`, or a revision's frozen one by `?revisionId=`. */
export const getCostSheet: Operation = async (request) => {
  const { project } = await openProject(request, 'viewer');
  const line = await readableLine(request.runtime.db, project.id, parseQuery(sheetQuery, request.query));
  return jsonResponse(200, costSheetOf(line, await readSheet(request.runtime.db, line.streamId)));
};
