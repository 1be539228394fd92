import { costSheetSchema } from '../../contracts/costs';
import { namedLine } from '../../lib/features/costs/cost-lines';
import { costSheetOf } from '../../lib/features/costs/cost-sheet';
import { copySheet } from '../../lib/features/costs/cost-sheet-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { branchQuery, copyRequest } from './cost-inputs';
import { openEditableLine } from './cost-request';

/** The sheet of this line, replaced by a copy of the sheet of `from` (main, a branch or a revision). */
export const copyCostSheet = defineRoute({
  group: 'costs',
  operation: 'copy-cost-sheet',
  method: 'POST',
  path: '/api/projects/{projectId}/costs/copy',
  auth: 'signed-in',
  summary: "Replace this line's cost sheet with a copy of another line's (editor)",
  query: branchQuery,
  body: copyRequest,
  answers: { 200: costSheetSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'editor' },
  description: "Replaces this line's sheet with a copy of the sheet of `from` (`main`, a branch or a revision). Answers the whole sheet.",
  example: { as: 'editor', query: { branchId: '{branchId}' }, body: { from: 'main' } },
  run: async (request) => {
    const { access, line } = await openEditableLine(request);
    const { from } = parseBody(copyRequest, request.body);
    const source = await namedLine(request.runtime.db, access.project, from, 'from');
    if (source.streamId === line.streamId) throw HttpProblem.validation('Nothing to copy', [{ field: 'from', message: 'names the line being changed; name another one' }]);
    return jsonResponse(200, costSheetOf(line, await copySheet(request.runtime.db, { from: source, to: line, now: request.runtime.now() })));
  },
});
