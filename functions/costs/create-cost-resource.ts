import type { Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { resourceRequest } from './cost-inputs';
import { answerSheetChange, idOrNew } from './cost-request';
import { resourceOf } from './resource-records';

/** POST P/costs/resources (editor): 201 the whole sheet; `id` null makes a new ID, one in use is 409. */
export const createCostResource: Operation = (request) =>
  answerSheetChange(request, 201, () => {
    const body = parseBody(resourceRequest, request.body);
    return { type: 'add-resource', resource: resourceOf(idOrNew(body.id), body) };
  });
