import { architectureProposalPageSchema } from '../../contracts/ai-proposals';
import { defineRoute } from '../../lib/platform/http/define-route';
import { inProposals } from './proposal-contract-parts';
import { architectureListQuery } from './proposal-inputs';
import { listProposalsOf } from './proposal-operations';

/** Proposal summaries; query cursor, limit, status, submitted, mine, decided, scanId. */
export const listArchitectureProposals = defineRoute({
  group: 'ai-proposals',
  operation: 'list-architecture-proposals',
  method: 'GET',
  path: '/api/projects/{projectId}/ai/architecture-proposals',
  auth: 'signed-in',
  summary: 'Architecture proposals, newest first; ?status=, submitted, mine, decided, paged (viewer)',
  query: architectureListQuery,
  answers: { 200: architectureProposalPageSchema, 400: 'problem' },
  access: { role: 'viewer' },
  description: 'Newest first; `status`, `submitted` (made by submit), `mine` (made by the caller), `decided` and `scanId` (the proposal that groups the facts of that scan) filter. A cursor belongs to its list and filters.',
  example: { as: 'readToken', params: inProposals, query: { submitted: 'true' } },
  run: listProposalsOf('architecture'),
});
