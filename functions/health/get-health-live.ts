import { textResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { healthyText } from './healthy-text';

/** The database is not asked. */
export const getHealthLive = defineRoute({
  group: 'health',
  operation: 'get-health-live',
  method: 'GET',
  path: '/health/live',
  auth: 'none',
  summary: 'Liveness: 200 while the process answers',
  answers: { 200: healthyText },
  example: {},
  run: async () => textResponse(200, 'Healthy'),
});
