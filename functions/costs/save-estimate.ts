import { randomUUID } from 'node:crypto';
import { actorOf } from '../../lib/auth/caller';
import { estimateLine } from '../../lib/costs/estimate-service';
import { insertSavedEstimate } from '../../lib/costs/saved-estimate-store';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { saveEstimateRequest } from './cost-inputs';
import { asOfOrToday, costContext, openEditableLine } from './cost-request';

/** POST P/costs/estimates (editor): 201 the saved estimate, its figures as computed now for `asOf` (null: today). */
export const saveEstimate: Operation = async (request) => {
  const { access, line } = await openEditableLine(request);
  const body = parseBody(saveEstimateRequest, request.body);
  const { runtime } = request;
  const estimate = await estimateLine(costContext(runtime), { workspaceId: access.project.workspaceId, line, asOf: asOfOrToday(runtime, body.asOf) });
  const saved = await insertSavedEstimate(runtime.db, { id: randomUUID(), line, name: body.name, estimate, actor: actorOf(request.caller!), now: runtime.now() });
  return jsonResponse(201, saved);
};
