import { costSheetSchema } from '../../contracts/costs';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { branchQuery } from './cost-inputs';
import { answerSheetChange } from './cost-request';

/** 200 the whole sheet; 409 naming the assumptions about it. */
export const deleteCostResource = defineRoute({
  group: 'costs',
  operation: 'delete-cost-resource',
  method: 'DELETE',
  path: '/api/projects/{projectId}/costs/resources/{resourceId}',
  auth: 'signed-in',
  summary: 'Delete a resource of the cost sheet; answers the sheet (editor)',
  query: branchQuery,
  answers: { 200: costSheetSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: '409 naming the assumptions about it. Answers the whole sheet.',
  example: { as: 'editor', params: { resourceId: '{doomedResourceId}' }, last: true },
  run: (request) => answerSheetChange(request, 200, () => ({ type: 'delete-resource', id: pathUuid(request.pathParameters.resourceId, 'Resource') })),
});
