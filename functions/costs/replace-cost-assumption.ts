import { costSheetSchema } from '../../contracts/costs';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { assumptionExample } from './cost-examples';
import { assumptionRequest, branchQuery } from './cost-inputs';
import { answerSheetChange, idOfPut } from './cost-request';
import { assumptionOf } from './resource-records';

/** 200 the whole sheet; 404 when the sheet has no such assumption. */
export const replaceCostAssumption = defineRoute({
  group: 'costs',
  operation: 'replace-cost-assumption',
  method: 'PUT',
  path: '/api/projects/{projectId}/costs/assumptions/{assumptionId}',
  auth: 'signed-in',
  summary: 'Replace an assumption of the cost sheet; answers the sheet (editor)',
  query: branchQuery,
  body: assumptionRequest,
  answers: { 200: costSheetSchema, 400: 'problem', 404: 'problem' },
  access: { role: 'editor' },
  description: 'Answers the whole sheet.',
  example: { as: 'editor', params: { assumptionId: '{spareAssumptionId}' }, body: assumptionExample(null, 'Spare, revised') },
  run: (request) =>
    answerSheetChange(request, 200, () => {
      const assumptionId = pathUuid(request.pathParameters.assumptionId, 'Assumption');
      const body = parseBody(assumptionRequest, request.body);
      return { type: 'replace-assumption', assumption: assumptionOf(idOfPut(assumptionId, body.id), body) };
    }),
});
