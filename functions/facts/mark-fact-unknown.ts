import type { Operation } from '../../lib/http/api-types';
import { runFactDecision } from './label-fact-request';

/** POST P/facts/{entityType}/{entityId}/mark-unknown (editor): 200 the fact label. */
export const markFactUnknown: Operation = (request) => runFactDecision(request, () => ({ type: 'mark-unknown' }));
