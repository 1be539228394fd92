import { textResponse, type Operation } from '../../lib/http/api-types';

/** /health/live: 200 while the process answers; the database is not asked. */
export const getHealthLive: Operation = async () => textResponse(200, 'Healthy');
