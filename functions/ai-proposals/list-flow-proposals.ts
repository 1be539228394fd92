import { flowProposalPageSchema } from '../../contracts/ai-proposals';
import { defineRoute } from '../../lib/platform/http/define-route';
import { inProposals } from './proposal-contract-parts';
import { proposalListQuery } from './proposal-inputs';
import { listProposalsOf } from './proposal-operations';

/** Proposal summaries; query cursor, limit, status, submitted, mine, decided. */
export const listFlowProposals = defineRoute({
  group: 'ai-proposals',
  operation: 'list-flow-proposals',
  method: 'GET',
  path: '/api/projects/{projectId}/ai/flow-proposals',
  auth: 'signed-in',
  summary: 'Flow proposals, newest first; ?status=, submitted, mine, decided, paged (viewer)',
  query: proposalListQuery,
  answers: { 200: flowProposalPageSchema, 400: 'problem' },
  access: { role: 'viewer' },
  description: 'Newest first; `status`, `submitted` (made by submit), `mine` (made by the caller) and `decided` filter. A cursor belongs to its list and filters.',
  example: { as: 'readToken', params: inProposals, query: { decided: 'false', limit: '5' } },
  run: listProposalsOf('flow'),
});
