import { namedLine } from '../../lib/costs/cost-lines';
import { costSheetOf } from '../../lib/costs/cost-sheet';
import { copySheet } from '../../lib/costs/cost-sheet-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { copyRequest } from './cost-inputs';
import { openEditableLine } from './cost-request';

/** POST P/costs/copy (editor): 200 the sheet of this line, replaced by a copy of the sheet of `from` (main, a branch or a revision). */
export const copyCostSheet: Operation = async (request) => {
  const { line } = await openEditableLine(request);
  const { from } = parseBody(copyRequest, request.body);
  const source = await namedLine(request.runtime.db, line.projectId, from, 'from');
  if (source.streamId === line.streamId) throw HttpProblem.validation('Nothing to copy', [{ field: 'from', message: 'names the line being changed; name another one' }]);
  return jsonResponse(200, costSheetOf(line, await copySheet(request.runtime.db, { from: source, to: line, now: request.runtime.now() })));
};
