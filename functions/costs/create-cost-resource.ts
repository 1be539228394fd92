import { costSheetSchema } from '../../contracts/costs';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { resourceExample } from './cost-examples';
import { branchQuery, resourceRequest } from './cost-inputs';
import { answerSheetChange, idOrNew } from './cost-request';
import { resourceOf } from './resource-records';

/** 201 the whole sheet; `id` null makes a new ID, one in use is 409. */
export const createCostResource = defineRoute({
  group: 'costs',
  operation: 'create-cost-resource',
  method: 'POST',
  path: '/api/projects/{projectId}/costs/resources',
  auth: 'signed-in',
  summary: 'Add a resource to the cost sheet; answers the sheet (editor)',
  query: branchQuery,
  body: resourceRequest,
  answers: { 201: costSheetSchema, 400: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: 'Every member is required (null where allowed); `id` null makes a new ID. Answers the whole sheet.',
  example: { as: 'editor', body: resourceExample(null, 'Workers') },
  run: (request) =>
    answerSheetChange(request, 201, () => {
      const body = parseBody(resourceRequest, request.body);
      return { type: 'add-resource', resource: resourceOf(idOrNew(body.id), body) };
    }),
});
