import { aiUnavailableAnswerSchema } from '../../lib/ai/ai-task';
import { architectureProposalPageSchema, architectureProposalSchema, flowProposalPageSchema, flowProposalSchema } from '../../lib/ai-proposals/proposal-answer-schemas';
import type { GroupContracts, MediaBody } from '../../lib/openapi/route-contract';
import { acceptFlowBody, architectureFromDocumentBody, architectureListQuery, architectureProposalBody, architectureSubmitBody, decideBody, flowProposalBody, flowSubmitBody, proposalListQuery } from './proposal-inputs';

/**
 * The fixture world (test/support/contract-world.ts) keeps its proposals in projects of their own
 * (`aiProjectId`, `acceptProjectId`), made by submit: no AI provider answers in the test, and no
 * other example moves those models, so the accept example finds its proposal current.
 */
const unavailable: MediaBody = {
  contentType: 'application/json',
  schema: aiUnavailableAnswerSchema,
  description: 'The AI unavailable answer: no proposal was made and nothing but the call record is stored.',
};
const madeBy = 'Counted in the 60 proposals a minute one caller may make in a project (429 `rate_limited` with Retry-After).';
const inProposals = { projectId: '{aiProjectId}' };

export const contracts: GroupContracts = {
  'list-flow-proposals': {
    query: proposalListQuery,
    responses: { 200: flowProposalPageSchema, 400: 'problem' },
    access: { role: 'viewer' },
    description: 'Newest first; `status`, `submitted` (made by submit), `mine` (made by the caller) and `decided` filter. A cursor belongs to its list and filters.',
    example: { as: 'readToken', params: inProposals, query: { decided: 'false', limit: '5' } },
  },
  'create-flow-proposal': {
    body: flowProposalBody,
    responses: { 201: flowProposalSchema, 200: unavailable, 400: 'problem', 404: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    description:
      'Asks the provider `ai.taskRouting.proposeFlow` names for a scenario and the records it needs, checked as a submitted flow is. ' +
      '404 for an unknown branch, revised scenario, Source or document; 409 `private_code_refused` for a document of a Source while `privacy.sendPrivateCodeToAi` is false, or too many open proposals; ' +
      `429 past the provider's \`requestsPerMinute\`. ${madeBy}`,
    // No provider is configured in the fixture workspace.
    example: { as: 'editor', params: inProposals, body: { request: 'A customer pays for an order', branchId: null, reviseScenarioId: null }, status: 200 },
  },
  'submit-flow-proposal': {
    body: flowSubmitBody,
    responses: { 201: flowProposalSchema, 400: 'problem', 404: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    description: `A ready flow output, without AI, through the same checks, against main; 400 naming each problem by its place; 404 for an unknown revised scenario; 409 too many open proposals. ${madeBy}`,
    example: { as: 'editor', params: inProposals, body: { request: 'Place an order', reviseScenarioId: null, flow: '{aiFlowOutput}' } },
  },
  'get-flow-proposal': {
    responses: { 200: flowProposalSchema, 404: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer', params: { ...inProposals, proposalId: '{flowProposalId}' } },
  },
  'delete-flow-proposal': {
    responses: { 204: 'empty', 403: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor', note: 'The editor who made it, or an owner (403 for anyone else).' },
    description: '409 when the proposal wrote anything (a record or its scenario).',
    example: { params: { ...inProposals, proposalId: '{doomedFlowProposalId}' }, last: true },
  },
  'accept-flow-proposal': {
    body: acceptFlowBody,
    responses: { 200: flowProposalSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description:
      'Body null, empty or `{scenarioId, name}` (both optional). Writes the scenario (origin `ai-proposal`) in one transaction. ' +
      '409 `proposal_stale`, nothing written, when the model moved since the proposal, a missing record is not created or the revised scenario changed; 409 `conflict` when decided already or the scenario ID is taken.',
    example: { as: 'editor', params: { projectId: '{acceptProjectId}', proposalId: '{acceptFlowProposalId}' }, body: { name: 'Place an order (accepted)' } },
  },
  'reject-flow-proposal': {
    responses: { 200: flowProposalSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: 'Records already created stay; 409 when decided already.',
    example: { as: 'editor', params: { ...inProposals, proposalId: '{rejectFlowProposalId}' } },
  },
  'create-missing-record': {
    responses: { 200: flowProposalSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description:
      'Writes the record into the proposal\'s line (declared, provenance naming the proposal) and binds the alias to it. ' +
      '400 for an unknown alias or a record the model\'s rules refuse; 409 when created already, decided, or a record it names is not created yet.',
    example: { as: 'editor', params: { ...inProposals, proposalId: '{flowProposalId}', alias: 'payments' } },
  },
  'list-architecture-proposals': {
    query: architectureListQuery,
    responses: { 200: architectureProposalPageSchema, 400: 'problem' },
    access: { role: 'viewer' },
    description: 'Newest first; `status`, `submitted` (made by submit), `mine` (made by the caller), `decided` and `scanId` (the proposal that groups the facts of that scan) filter. A cursor belongs to its list and filters.',
    example: { as: 'readToken', params: inProposals, query: { submitted: 'true' } },
  },
  'create-architecture-proposal': {
    body: architectureProposalBody,
    responses: { 201: architectureProposalSchema, 200: unavailable, 400: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    description:
      'Asks the provider `ai.taskRouting.inferArchitecture` names for model changes; items the import rules refuse are dropped with their reason. ' +
      `400 also for an unknown branch; 409 too many open proposals; 429 past the provider's \`requestsPerMinute\`. ${madeBy}`,
    // No provider is configured in the fixture workspace.
    example: { as: 'editor', params: inProposals, body: { request: 'Split out billing', branchId: null }, status: 200 },
  },
  'create-architecture-proposal-from-document': {
    body: architectureFromDocumentBody,
    responses: { 201: architectureProposalSchema, 200: unavailable, 400: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    description:
      'As POST …/architecture-proposals, from a document of a Source, read as the scans read files (content clearance applied). ' +
      '400 also for an unknown Source or file; 409 `private_code_refused` while `privacy.sendPrivateCodeToAi` is false (a document of a Source is text of a private repository), or too many open proposals; ' +
      `429 past the provider's \`requestsPerMinute\`. ${madeBy}`,
    // A workspace of its own sends private code to AI; it has no provider either.
    example: { params: { projectId: '{aiDocumentProjectId}' }, body: { sourceId: '{aiDocumentSourceId}', path: '{aiDocumentPath}', request: null }, status: 200 },
  },
  'submit-architecture-proposal': {
    body: architectureSubmitBody,
    responses: { 201: architectureProposalSchema, 400: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    description: `Model changes without AI, through the same checks; 400 naming each item the import rules refuse (nothing stored); 409 too many open proposals. ${madeBy}`,
    example: { as: 'editor', params: inProposals, body: { request: 'Split out billing', proposal: '{aiArchitectureOutput}' } },
  },
  'get-architecture-proposal': {
    responses: { 200: architectureProposalSchema, 404: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer', params: { ...inProposals, proposalId: '{architectureProposalId}' } },
  },
  'delete-architecture-proposal': {
    responses: { 204: 'empty', 403: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor', note: 'The editor who made it, or an owner (403 for anyone else).' },
    description: '409 when any of its items was accepted.',
    example: { params: { ...inProposals, proposalId: '{doomedArchitectureProposalId}' }, last: true },
  },
  'decide-architecture-proposal': {
    body: decideBody,
    responses: { 200: architectureProposalSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description:
      '`accept` and `reject`, lists of item IDs (or null); items named in neither stay pending. The accepted items are checked again and written in one change as `inferred`, with the item\'s confidence. ' +
      '400 for an ID not in the proposal, in both lists, or two empty lists; 409 `items_refused` (nothing written, an error per refused item) or `conflict` when an item or the proposal is decided already.',
    example: { as: 'editor', params: { ...inProposals, proposalId: '{architectureProposalId}' }, body: { accept: ['{acceptItemId}'], reject: ['{rejectItemId}'] } },
  },
};
