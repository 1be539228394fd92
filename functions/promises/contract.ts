import { z } from 'zod';
import { pageQuery } from '../../lib/http/common-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { pageOf } from '../../lib/openapi/schema-kit';
import { promiseDetailSchema, promiseListItemSchema, promiseRunSchema } from '../../lib/promises/promise-answer-schemas';
import { approveRequest, createPromiseRequest, draftRequest, runRequest, runsQuery } from './promise-inputs';

const promiseParams = z.object({ projectId: z.string(), promiseId: z.string() });

export const contracts: GroupContracts = {
  'list-promises': { query: pageQuery, responses: { 200: pageOf(promiseListItemSchema) }, access: { role: 'viewer' }, description: 'In requirement-number order.', example: { as: 'readToken' } },
  'create-promise': {
    body: createPromiseRequest,
    responses: { 201: promiseDetailSchema, 400: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: 'The next requirement number, draft revision 1.',
    example: {
      as: 'pushToken',
      body: { title: 'Orders survive an outage', text: 'Placing an order succeeds while Billing is down.', links: [{ kind: 'element', id: '{model_orders}' }], obligations: [{ kind: 'scenario-check', title: 'Rebuild passes', recipe: { scenarioId: '{scenarioId}' } }] },
    },
  },
  'get-promise': { params: promiseParams, responses: { 200: promiseDetailSchema, 404: 'problem' }, access: { role: 'viewer' }, example: { as: 'viewer' } },
  'replace-promise-draft': {
    params: promiseParams,
    body: draftRequest,
    responses: { 200: promiseDetailSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'editor' },
    description: 'Members left out keep the draft\'s (or the in-force revision\'s) value.',
    example: { as: 'editor', params: { promiseId: '{sparePromiseId}' }, body: { text: 'Revised text.' } },
  },
  'approve-promise': {
    params: promiseParams,
    body: approveRequest,
    responses: { 200: promiseDetailSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'editor', note: 'A person.' },
    description: 'Puts the draft in force; 409 without a draft or when `contentHash` is not the draft\'s.',
    example: { as: 'editor', params: { promiseId: '{sparePromiseId}' }, body: {} },
  },
  'create-promise-run': {
    params: promiseParams,
    body: runRequest,
    responses: { 201: promiseRunSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'editor' },
    description: 'Runs one obligation (by ID or key) and appends the run.',
    example: { as: 'pushToken', body: { obligation: 'O1', draft: true } },
  },
  'list-promise-runs': {
    params: promiseParams,
    query: runsQuery,
    responses: { 200: pageOf(promiseRunSchema), 404: 'problem' },
    access: { role: 'viewer' },
    description: 'Newest first, append-only.',
    example: { as: 'readToken', query: { obligation: 'O1' } },
  },
};
