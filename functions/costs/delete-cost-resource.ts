import type { Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { answerSheetChange } from './cost-request';

/** DELETE P/costs/resources/{resourceId} (editor): 200 the whole sheet; 409 naming the assumptions about it. */
export const deleteCostResource: Operation = (request) => answerSheetChange(request, 200, () => ({ type: 'delete-resource', id: pathUuid(request.pathParameters.resourceId, 'Resource') }));
