import { inferArchitectureFromDocument } from '../../lib/ai-proposals/create-architecture-proposal';
import { proposalView } from '../../lib/ai-proposals/proposal-views';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { architectureFromDocumentBody } from './proposal-inputs';
import { callerOf } from './proposal-operations';

/**
 * POST P/ai/architecture-proposals/from-document (editor): a document of a Source read (content
 * clearance applied, marked private) and sent to the provider routed for `inferArchitecture`;
 * 201, 200 unavailable, 400 (also an unknown Source or file), 409 (privacy), 429.
 */
export const createArchitectureProposalFromDocument: Operation = async (request) => {
  const caller = callerOf(request);
  const { runtime, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const body = parseBody(architectureFromDocumentBody, request.body);
  const outcome = await inferArchitectureFromDocument({ runtime, project, actor: actorOf(caller) }, { sourceId: body.sourceId!, path: body.path!, request: body.request });
  return outcome.kind === 'unavailable' ? jsonResponse(200, outcome.answer) : jsonResponse(201, proposalView(outcome.row));
};
