import { costSheetSchema } from '../../contracts/costs';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { assumptionExample } from './cost-examples';
import { assumptionRequest, branchQuery } from './cost-inputs';
import { answerSheetChange, idOrNew } from './cost-request';
import { assumptionOf } from './resource-records';

/** 201 the whole sheet; `id` null makes a new ID, one in use is 409. */
export const createCostAssumption = defineRoute({
  group: 'costs',
  operation: 'create-cost-assumption',
  method: 'POST',
  path: '/api/projects/{projectId}/costs/assumptions',
  auth: 'signed-in',
  summary: 'Add an assumption to the cost sheet; answers the sheet (editor)',
  query: branchQuery,
  body: assumptionRequest,
  answers: { 201: costSheetSchema, 400: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: 'Answers the whole sheet.',
  example: { as: 'editor', body: assumptionExample(null, 'Days per month') },
  run: (request) =>
    answerSheetChange(request, 201, () => {
      const body = parseBody(assumptionRequest, request.body);
      return { type: 'add-assumption', assumption: assumptionOf(idOrNew(body.id), body) };
    }),
});
