import { defineRoute } from '../../lib/platform/http/define-route';
import { factLabelSchema } from '../../contracts/model';
import { branchQuery } from '../model/model-request';
import { factParams } from './fact-params';
import { runFactDecision } from './label-fact-request';

export const markFactUnknown = defineRoute({
  group: 'facts',
  operation: 'mark-fact-unknown',
  method: 'POST',
  path: '/api/projects/{projectId}/facts/{entityType}/{entityId}/mark-unknown',
  auth: 'signed-in',
  summary: 'Label a fact unknown (editor)',
  params: factParams,
  query: branchQuery,
  answers: { 200: factLabelSchema, 404: 'problem' },
  access: { role: 'editor' },
  description: 'The `Model-Version` header carries the new version.',
  example: { as: 'editor', params: { entityType: 'relationship', entityId: '{model_r_buys}' } },
  run: (request) => runFactDecision(request, () => ({ type: 'mark-unknown' })),
});
