import { inferArchitectureFromDocument } from '../../lib/features/ai-proposals/create-architecture-proposal';
import { architectureProposalSchema } from '../../contracts/ai-proposals';
import { proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { proposalRateNote, unavailableAnswer } from './proposal-contract-parts';
import { architectureFromDocumentBody } from './proposal-inputs';

/** The document is read with content clearance applied and marked private, then sent to the provider routed for `inferArchitecture`. */
export const createArchitectureProposalFromDocument = defineRoute({
  group: 'ai-proposals',
  operation: 'create-architecture-proposal-from-document',
  method: 'POST',
  path: '/api/projects/{projectId}/ai/architecture-proposals/from-document',
  auth: 'signed-in',
  summary: 'Ask the AI for model changes read from a document of a Source (editor)',
  body: architectureFromDocumentBody,
  answers: { 201: architectureProposalSchema, 200: unavailableAnswer, 400: 'problem', 409: 'problem', 429: 'problem' },
  access: { role: 'editor' },
  description:
    'As POST …/architecture-proposals, from a document of a Source, read as the scans read files (content clearance applied). ' +
    '400 also for an unknown Source or file; 409 `private_code_refused` while `privacy.sendPrivateCodeToAi` is false (a document of a Source is text of a private repository), or too many open proposals; ' +
    `429 past the provider's \`requestsPerMinute\`. ${proposalRateNote}`,
  // A workspace of its own sends private code to AI; it has no provider either.
  example: { params: { projectId: '{aiDocumentProjectId}' }, body: { sourceId: '{aiDocumentSourceId}', path: '{aiDocumentPath}', request: null }, status: 200 },
  run: async ({ runtime, caller, pathParameters, body: sent }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const body = parseBody(architectureFromDocumentBody, sent);
    const outcome = await inferArchitectureFromDocument({ runtime, project, actor: actorOf(caller) }, { sourceId: body.sourceId!, path: body.path!, request: body.request });
    return outcome.kind === 'unavailable' ? jsonResponse(200, outcome.answer) : jsonResponse(201, proposalView(outcome.row));
  },
});
