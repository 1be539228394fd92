import { createGroupHandler } from '../../lib/http/create-group-handler';
import { findPaths } from './find-paths';
import { getImpact } from './get-impact';

export const handler = createGroupHandler('graph', {
  'find-paths': findPaths,
  'get-impact': getImpact,
});
