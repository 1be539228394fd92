import { databaseAnswers } from '../../lib/db/database-answers';
import { textResponse, type Operation } from '../../lib/http/api-types';

const databaseCheckTimeoutMs = 2000;

/** /health and /health/ready: 200 `Healthy` when the database answers, else 503 `Unhealthy`. */
export const getHealth: Operation = async ({ runtime }) => ((await databaseAnswers(runtime.db, databaseCheckTimeoutMs)) ? textResponse(200, 'Healthy') : textResponse(503, 'Unhealthy'));
