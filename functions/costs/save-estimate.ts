import { randomUUID } from 'node:crypto';
import { actorOf } from '../../lib/platform/http/caller';
import { savedEstimateSchema } from '../../contracts/costs';
import { estimateLine } from '../../lib/features/costs/estimate-service';
import { insertSavedEstimate } from '../../lib/features/costs/saved-estimate-store';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { branchQuery, saveEstimateRequest } from './cost-inputs';
import { asOfOrToday, costContext, openEditableLine } from './cost-request';

/** 201 the saved estimate, its figures as computed now for `asOf` (null: today). */
export const saveEstimate = defineRoute({
  group: 'costs',
  operation: 'save-estimate',
  method: 'POST',
  path: '/api/projects/{projectId}/costs/estimates',
  auth: 'signed-in',
  summary: 'Save the estimate of a line as computed now (editor)',
  query: branchQuery,
  body: saveEstimateRequest,
  answers: { 201: savedEstimateSchema, 400: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', body: { name: 'June', asOf: '2025-06-01' } },
  run: async (request) => {
    const { access, line } = await openEditableLine(request);
    const body = parseBody(saveEstimateRequest, request.body);
    const { runtime } = request;
    const estimate = await estimateLine(costContext(runtime), { workspaceId: access.project.workspaceId, line, asOf: asOfOrToday(runtime, body.asOf) });
    const saved = await insertSavedEstimate(runtime.db, { id: randomUUID(), line, name: body.name, estimate, actor: actorOf(request.caller), now: runtime.now() });
    return jsonResponse(201, saved);
  },
});
