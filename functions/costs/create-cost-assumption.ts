import type { Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { assumptionRequest } from './cost-inputs';
import { answerSheetChange, idOrNew } from './cost-request';
import { assumptionOf } from './resource-records';

/** POST P/costs/assumptions (editor): 201 the whole sheet; `id` null makes a new ID, one in use is 409. */
export const createCostAssumption: Operation = (request) =>
  answerSheetChange(request, 201, () => {
    const body = parseBody(assumptionRequest, request.body);
    return { type: 'add-assumption', assumption: assumptionOf(idOrNew(body.id), body) };
  });
