/**
 * The list, read and delete operations, the same for both kinds of proposal:
 * each route's file names its kind (list-flow-proposals.ts, …).
 */
import type { z } from 'zod';
import { deleteProposal } from '../../lib/features/ai-proposals/delete-proposal';
import { proposalSummary, proposalView } from '../../lib/features/ai-proposals/proposal-views';
import { findProposal, listProposalPage, type ProposalKind, type ProposalPosition } from '../../lib/features/ai-proposals/proposal-store';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf, type Caller } from '../../lib/platform/http/caller';
import { jsonResponse, noContentResponse, type ApiRequest, type ApiResponse } from '../../lib/platform/http/api-types';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { architectureListQuery, proposalListQuery } from './proposal-inputs';

/** The code of a proposal endpoint: every one is `signed-in`. */
type ProposalOperation = (request: ApiRequest<Caller>) => Promise<ApiResponse>;

/** GET P/ai/<kind>-proposals (viewer): a page of summaries, newest first, with the filters of part 1. */
export function listProposalsOf(kind: ProposalKind): ProposalOperation {
  return async ({ runtime, caller, pathParameters, query: search }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    // Only the architecture list takes `scanId`; the flow list refuses it as an unknown parameter.
    const query: z.infer<typeof architectureListQuery> = parseQuery(kind === 'architecture' ? architectureListQuery : proposalListQuery, search);
    const { cursor, limit, ...filter } = query;
    const actor = actorOf(caller);
    // The cursor belongs to one list: this project, kind, filters and (for `mine`) caller.
    const scope = `ai-proposals:${project.id}:${kind}:${filter.status ?? ''}:${filter.submitted ?? ''}:${filter.mine === undefined ? '' : `${filter.mine}:${actor}`}:${filter.decided ?? ''}:${filter.scanId ?? ''}`;
    const after = cursor === undefined ? null : decodeCursor<ProposalPosition>(runtime.keyring, scope, cursor);
    const page = await listProposalPage(runtime.db, { projectId: project.id, kind, filter: { ...filter, actor }, after, limit });
    const last = page.rows.at(-1);
    const nextCursor = page.hasMore && last ? encodeCursor(runtime.keyring, scope, { createdAt: new Date(last.created_at).toISOString(), id: last.id }) : null;
    return jsonResponse(200, { items: page.rows.map(proposalSummary), nextCursor });
  };
}

/** GET P/ai/<kind>-proposals/{proposalId} (viewer): the whole proposal. */
export function getProposalOf(kind: ProposalKind): ProposalOperation {
  return async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const row = await findProposal(runtime.db, project.id, kind, pathUuid(pathParameters.proposalId, 'Proposal'));
    if (!row) throw HttpProblem.notFound('Proposal not found');
    return jsonResponse(200, proposalView(row));
  };
}

/** DELETE P/ai/<kind>-proposals/{proposalId} (editor who made it, or owner): 204; 409 when it wrote anything. */
export function deleteProposalOf(kind: ProposalKind): ProposalOperation {
  return async ({ runtime, caller, pathParameters }) => {
    const { project, role } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const actor = actorOf(caller);
    await deleteProposal({ db: runtime.db, projectId: project.id, proposalId: pathUuid(pathParameters.proposalId, 'Proposal'), actor, now: runtime.now() }, kind, (row) => role === 'owner' || row.created_by === actor);
    return noContentResponse();
  };
}

/** The decider of a proposal's write endpoints (editor): the project, the path's proposal, the caller. */
export async function deciderOf(request: ApiRequest<Caller>) {
  const { runtime, caller, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  return { db: runtime.db, projectId: project.id, proposalId: pathUuid(pathParameters.proposalId, 'Proposal'), actor: actorOf(caller), now: runtime.now() };
}
