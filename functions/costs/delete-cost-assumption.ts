import type { Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { answerSheetChange } from './cost-request';

/** DELETE P/costs/assumptions/{assumptionId} (editor): 200 the whole sheet; 409 naming the resources whose usage lines use it. */
export const deleteCostAssumption: Operation = (request) => answerSheetChange(request, 200, () => ({ type: 'delete-assumption', id: pathUuid(request.pathParameters.assumptionId, 'Assumption') }));
