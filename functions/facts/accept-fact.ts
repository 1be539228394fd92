import { defineRoute } from '../../lib/platform/http/define-route';
import { HttpProblem } from '../../lib/platform/http/problem';
import { factLabelSchema } from '../../contracts/model';
import { branchQuery } from '../model/model-request';
import { factParams } from './fact-params';
import { runFactDecision } from './label-fact-request';

export const acceptFact = defineRoute({
  group: 'facts',
  operation: 'accept-fact',
  method: 'POST',
  path: '/api/projects/{projectId}/facts/{entityType}/{entityId}/accept',
  auth: 'signed-in',
  summary: 'Accept a fact: record who accepted it and when (editor)',
  params: factParams,
  query: branchQuery,
  answers: { 200: factLabelSchema, 404: 'problem' },
  access: { role: 'editor', note: 'A person: only a person accepts a fact.' },
  description: '`inferred` and `unknown` become `declared`; provenance records who accepted it and when. The `Model-Version` header carries the new version.',
  example: { as: 'editor', params: { entityType: 'elements', entityId: '{model_web}' } },
  run: (request) =>
    runFactDecision(request, (userId) => {
      // provenance.acceptedBy is an account (part 1 "Fact fields"): only a person accepts.
      if (!userId) throw HttpProblem.forbidden('Signed in as a person required', 'Only a person can accept a fact.');
      return { type: 'accept', acceptedBy: userId };
    }),
});
