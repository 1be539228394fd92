import type { Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { assumptionRequest } from './cost-inputs';
import { answerSheetChange, idOfPut } from './cost-request';
import { assumptionOf } from './resource-records';

/** PUT P/costs/assumptions/{assumptionId} (editor): 200 the whole sheet; 404 when the sheet has no such assumption. */
export const replaceCostAssumption: Operation = (request) =>
  answerSheetChange(request, 200, () => {
    const assumptionId = pathUuid(request.pathParameters.assumptionId, 'Assumption');
    const body = parseBody(assumptionRequest, request.body);
    return { type: 'replace-assumption', assumption: assumptionOf(idOfPut(assumptionId, body.id), body) };
  });
