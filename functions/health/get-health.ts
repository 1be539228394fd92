import { databaseAnswers } from '../../lib/platform/diagnostics/database-answers';
import { textResponse, type ApiRequest, type ApiResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { healthyText } from './healthy-text';

const databaseCheckTimeoutMs = 2000;

const answers = { 200: healthyText, 503: { contentType: 'text/plain', description: '`Unhealthy`: the database did not answer within 2 s' } } as const;

/** 200 `Healthy` when the database answers, else 503 `Unhealthy`. */
async function answerHealth({ runtime }: ApiRequest): Promise<ApiResponse> {
  return (await databaseAnswers(runtime.db, databaseCheckTimeoutMs)) ? textResponse(200, 'Healthy') : textResponse(503, 'Unhealthy');
}

/** /health and /health/ready: the same check. */
export const getHealth = [
  defineRoute({
    group: 'health',
    operation: 'get-health',
    method: 'GET',
    path: '/health',
    auth: 'none',
    summary: 'Status word: 200 when the database answers, else 503',
    answers,
    example: {},
    run: answerHealth,
  }),
  defineRoute({
    group: 'health',
    operation: 'get-health',
    method: 'GET',
    path: '/health/ready',
    auth: 'none',
    summary: 'Readiness: same as /health',
    answers,
    example: {},
    run: answerHealth,
  }),
];
