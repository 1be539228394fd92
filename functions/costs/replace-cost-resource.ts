import { costSheetSchema } from '../../contracts/costs';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { resourceExample } from './cost-examples';
import { branchQuery, resourceRequest } from './cost-inputs';
import { answerSheetChange, idOfPut } from './cost-request';
import { resourceOf } from './resource-records';

/** 200 the whole sheet; 404 when the sheet has no such resource. */
export const replaceCostResource = defineRoute({
  group: 'costs',
  operation: 'replace-cost-resource',
  method: 'PUT',
  path: '/api/projects/{projectId}/costs/resources/{resourceId}',
  auth: 'signed-in',
  summary: 'Replace a resource of the cost sheet; answers the sheet (editor)',
  query: branchQuery,
  body: resourceRequest,
  answers: { 200: costSheetSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: 'Answers the whole sheet.',
  example: { as: 'editor', params: { resourceId: '{spareResourceId}' }, body: resourceExample(null, 'Web servers, resized') },
  run: (request) =>
    answerSheetChange(request, 200, () => {
      const resourceId = pathUuid(request.pathParameters.resourceId, 'Resource');
      const body = parseBody(resourceRequest, request.body);
      return { type: 'replace-resource', resource: resourceOf(idOfPut(resourceId, body.id), body) };
    }),
});
