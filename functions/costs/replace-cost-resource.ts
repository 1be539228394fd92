import type { Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { resourceRequest } from './cost-inputs';
import { answerSheetChange, idOfPut } from './cost-request';
import { resourceOf } from './resource-records';

/** PUT P/costs/resources/{resourceId} (editor): 200 the whole sheet; 404 when the sheet has no such resource. */
export const replaceCostResource: Operation = (request) =>
  answerSheetChange(request, 200, () => {
    const resourceId = pathUuid(request.pathParameters.resourceId, 'Resource');
    const body = parseBody(resourceRequest, request.body);
    return { type: 'replace-resource', resource: resourceOf(idOfPut(resourceId, body.id), body) };
  });
