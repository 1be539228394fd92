import { costSheetSchema } from '../../contracts/costs';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { branchQuery } from './cost-inputs';
import { answerSheetChange } from './cost-request';

/** 200 the whole sheet; 409 naming the resources whose usage lines use it. */
export const deleteCostAssumption = defineRoute({
  group: 'costs',
  operation: 'delete-cost-assumption',
  method: 'DELETE',
  path: '/api/projects/{projectId}/costs/assumptions/{assumptionId}',
  auth: 'signed-in',
  summary: 'Delete an assumption no usage line uses; answers the sheet (editor)',
  query: branchQuery,
  answers: { 200: costSheetSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: '409 naming the resources whose usage lines use it. Answers the whole sheet.',
  example: { as: 'editor', params: { assumptionId: '{doomedAssumptionId}' }, last: true },
  run: (request) => answerSheetChange(request, 200, () => ({ type: 'delete-assumption', id: pathUuid(request.pathParameters.assumptionId, 'Assumption') })),
});
