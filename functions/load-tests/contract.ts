import { z } from 'zod';
import { loadTestResultSchema, loadTestScriptSchema, loadTestTargetSchema, resultHeadSchema, stressDefaultsSchema, stressProfileSchema, stressRunSchema } from '../../lib/load-tests/load-test-answer-schemas';
import { branchQuery } from '../model/model-request';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { guid, listOf, timestamp } from '../../lib/openapi/schema-kit';
import { authoriseRequest, compareEstimateQuery, compareResultsQuery, overrideRequest, profileRequest, resultQuery, scriptRequest, stressRunRequest, targetRequest } from './load-test-inputs';

const metricChange = z.object({ baseline: z.number(), candidate: z.number(), change: z.number().nullable(), verdict: z.enum(['regressed', 'improved', 'same']) });
const regression = z.object({
  baseline: resultHeadSchema,
  candidate: resultHeadSchema,
  thresholds: z.record(z.string(), z.number()),
  verdict: z.enum(['regressed', 'improved', 'same']),
  operations: z.array(z.object({ operationId: z.string(), name: z.string().nullable(), p95Ms: metricChange, errorRate: metricChange, throughputPerSecond: metricChange, verdict: z.enum(['regressed', 'improved', 'same']) })),
  onlyInBaseline: z.array(z.string()),
  onlyInCandidate: z.array(z.string()),
});
const estimateComparison = z.object({
  result: resultHeadSchema,
  run: z.object({
    id: guid,
    promiseId: guid,
    scenarioId: guid,
    modelVersion: z.number().int().nullable(),
    hash: z.string(),
    at: timestamp,
    truth: z.literal('declared'),
    reproduced: z.boolean(),
    replayedAtModelVersion: z.number().int(),
  }),
  lines: z.array(
    z.object({
      operationId: z.string(),
      operationName: z.string().nullable(),
      check: z.string(),
      assumptionId: guid.nullable(),
      declared: z.number().nullable(),
      measured: z.number().nullable(),
      unit: z.string(),
      status: z.enum(['within', 'outside', 'not-comparable']),
      detail: z.string(),
    }),
  ),
});
const target = (id: string) => ({ kind: 'operation', id, stepId: null });
const targetParams = z.object({ projectId: z.string(), targetId: z.string() });
/** A generic-shape result: what a tool other than k6 measured of the fixture operation. */
const genericResult = { tool: 'locust 2.31', iterations: 50, operations: [{ operationId: '{model_o_http}', name: 'GET /orders', count: 60, failures: 3, p50Ms: 10, p90Ms: 20, p95Ms: 25, p99Ms: 40, throughputPerSecond: 1 }] };

export const contracts: GroupContracts = {
  'list-targets': { responses: { 200: listOf(loadTestTargetSchema) }, access: { role: 'viewer' }, description: 'Oldest first.', example: { as: 'readToken' } },
  'create-target': {
    body: targetRequest,
    responses: { 201: loadTestTargetSchema, 400: 'problem' },
    access: { role: 'editor' },
    description: 'An operation, or a call step of a scenario; not authorised. 400 naming `id` or `stepId` when the model or the scenario has no such thing.',
    example: { as: 'editor', body: target('{model_o_cmd}') },
  },
  'replace-target': {
    params: targetParams,
    body: targetRequest,
    responses: { 200: loadTestTargetSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'editor' },
    description: 'Another subject drops the authorisation and the override.',
    example: { as: 'editor', params: { targetId: '{spareTargetId}' }, body: target('{model_o_http}') },
  },
  'delete-target': {
    params: targetParams,
    responses: { 204: 'empty', 404: 'problem' },
    access: { role: 'editor' },
    description: 'Its scripts, results and stress runs go with it.',
    example: { as: 'editor', params: { targetId: '{doomedTargetId}' }, last: true },
  },
  'authorise-target': {
    params: targetParams,
    body: authoriseRequest,
    responses: { 200: loadTestTargetSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'owner', note: 'A person.' },
    description: 'Records where load may be sent against a model version; 400 on `baseUrl` under the URL rules and the private-address policy; 409 when main has moved past `version`.',
    example: { params: { targetId: '{spareTargetId}' }, body: { baseUrl: 'http://127.0.0.1:8080', environment: 'staging', version: null } },
  },
  'withdraw-authorisation': {
    params: targetParams,
    responses: { 200: loadTestTargetSchema, 404: 'problem' },
    access: { role: 'editor', note: 'A person.' },
    example: { as: 'editor', params: { targetId: '{spareTargetId}' }, last: true },
  },
  'override-target': {
    params: targetParams,
    body: overrideRequest,
    responses: { 200: loadTestTargetSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'owner', note: 'A person; `confirmName` repeats the target name.' },
    description: 'Allows non-idempotent calls or failure injection; 400 on `reason` or `confirmName` when allowing without them.',
    example: { params: { targetId: '{targetId}' }, body: { allowNonIdempotent: false, allowFailureInjection: true, reason: 'Fault drill', confirmName: '{targetName}' } },
  },
  'list-profiles': { responses: { 200: listOf(stressProfileSchema) }, access: { role: 'viewer' }, description: 'Oldest first, with their stages.', example: { as: 'readToken' } },
  'create-profile': {
    body: profileRequest,
    responses: { 201: stressProfileSchema, 400: 'problem' },
    access: { role: 'editor' },
    description: 'Values left out come from the simulation settings; 400 naming each value over the limits.',
    example: { as: 'editor', body: { shape: 'spike', name: 'Sale spike', durationSeconds: 120 } },
  },
  'get-profile': { responses: { 200: stressProfileSchema, 404: 'problem' }, access: { role: 'viewer' }, example: { as: 'viewer' } },
  'delete-profile': {
    responses: { 204: 'empty', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: '409 while a script names it.',
    example: { as: 'editor', params: { profileId: '{doomedProfileId}' }, last: true },
  },
  'get-stress-defaults': { responses: { 200: stressDefaultsSchema }, access: { role: 'viewer' }, example: { as: 'readToken' } },
  'list-scripts': { responses: { 200: listOf(loadTestScriptSchema) }, access: { role: 'viewer' }, description: 'Without their text, oldest first.', example: { as: 'readToken' } },
  'create-script': {
    query: branchQuery,
    body: scriptRequest,
    responses: { 201: loadTestScriptSchema, 200: loadTestScriptSchema, 400: 'problem', 404: 'problem', 422: 'problem' },
    access: { role: 'editor' },
    description: '201 a new k6 script; 200 the stored one when the same inputs wrote it before; 422 `script_refused` naming each reason (an unauthorised target, a non-idempotent call without override…).',
    // The authorise example has just authorised the spare target at the current model version: a new script.
    example: { as: 'pushToken', body: { targetId: '{spareTargetId}', profileId: '{profileId}' }, status: 201 },
  },
  'get-script': { responses: { 200: loadTestScriptSchema, 404: 'problem' }, access: { role: 'viewer' }, description: 'With its text and content hash.', example: { as: 'viewer' } },
  'list-stress-runs': { responses: { 200: listOf(stressRunSchema) }, access: { role: 'viewer' }, description: 'Oldest first: running, finished or expired.', example: { as: 'readToken' } },
  'start-stress-run': {
    body: stressRunRequest,
    responses: { 201: stressRunSchema, 404: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    description: '429 `busy` with Retry-After past policy.maxConcurrentStressRuns; 409 when the script\'s authorisation no longer holds.',
    example: { as: 'pushToken', body: { scriptId: '{scriptId}' } },
  },
  'finish-stress-run': {
    responses: { 200: stressRunSchema, 404: 'problem' },
    access: { role: 'editor' },
    description: 'Again: the run as it is.',
    example: { as: 'pushToken' },
  },
  'list-results': { responses: { 200: listOf(loadTestResultSchema) }, access: { role: 'viewer' }, description: 'Without the body as sent, oldest first.', example: { as: 'readToken' } },
  'create-result': {
    query: resultQuery,
    body: { contentTypes: ['application/json'], schema: z.looseObject({}).meta({ description: 'A k6 end-of-test summary (`--summary-export` or `handleSummary`) or the generic shape `{tool, iterations, operations[…]}`.' }) },
    responses: { 201: loadTestResultSchema, 400: 'problem', 404: 'problem', 409: 'problem', 422: 'problem' },
    access: { role: 'editor' },
    description: '422 `result_refused` naming what is missing; 409 for a stress run that has its result or was finished.',
    example: { as: 'pushToken', query: { scriptId: '{scriptId}', environment: 'staging' }, body: genericResult },
  },
  'get-result': { responses: { 200: loadTestResultSchema, 404: 'problem' }, access: { role: 'viewer' }, description: 'With `raw`, the body as it was sent.', example: { as: 'viewer' } },
  'delete-result': {
    responses: { 204: 'empty', 404: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', params: { resultId: '{doomedResultId}' }, last: true },
  },
  'compare-estimate': {
    query: compareEstimateQuery,
    responses: { 200: estimateComparison, 400: 'problem', 404: 'problem' },
    access: { role: 'viewer' },
    description: 'A measured result next to the model: timeouts, retry budgets, a playback run (`runId`, a scenario-check run of a promise) and the cost assumptions, each within or outside.',
    example: { as: 'viewer', query: { resultId: '{resultId}', runId: '{promiseRunId}' } },
  },
  'compare-results': {
    query: compareResultsQuery,
    responses: { 200: regression, 404: 'problem' },
    access: { role: 'viewer' },
    description: 'Regression per operation between two results: p95, error rate, throughput.',
    example: { as: 'readToken', query: { baseline: '{resultId}', candidate: '{secondResultId}' } },
  },
};
