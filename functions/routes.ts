/**
 * The route list: every endpoint module of the service, one per line, grouped
 * by function group (the folder under functions/). The local server's
 * dispatch, the function bundles (esbuild.config.mjs), the infra template, the
 * OpenAPI document, the capability list and llms*.txt are all read from it.
 * Adding an endpoint is one new file, `functions/<group>/<operation>.ts`
 * exporting `defineRoute({...})`, and its line here (docs/architecture.md
 * "Adding an endpoint"); test/platform/route-list.test.ts checks that every
 * module is listed and sits in the folder its group names.
 */
import type { Endpoint } from '../lib/http/define-route';
import { routes as olderRoutes, routeKeyOf, type RouteDefinition } from '../lib/http/route-table';

// health

// setup

// auth

// instance

// workspaces

// projects

// model

// facts

// scenarios

// exports

// streams

// views

// share-links

// share

// costs

// promises

// load-tests

// ai
import { explain } from './ai/explain';
import { listCalls } from './ai/list-calls';
import { getUsage } from './ai/get-usage';

// comments
import { listCommentThreads } from './comments/list-threads';
import { createCommentThread } from './comments/create-thread';
import { getCommentThread } from './comments/get-thread';
import { createCommentReply } from './comments/create-reply';
import { editThreadComment } from './comments/edit-comment';
import { deleteThreadComment } from './comments/delete-comment';
import { resolveCommentThread } from './comments/resolve-thread';
import { reopenCommentThread } from './comments/reopen-thread';
import { raiseThreadQuestion } from './comments/raise-question';
import { raiseThreadDecision } from './comments/raise-decision';
import { listThreadDecisions } from './comments/list-decisions';

// mcp

// agent

// settings

// members

// sources

// imports

// hosts

// prices

// secrets
import { listSecrets } from './secrets/list-secrets';
import { putSecret } from './secrets/put-secret';
import { deleteSecret } from './secrets/delete-secret';

// webhooks
import { listWebhookDeliveries } from './webhooks/list-webhook-deliveries';

// web

// ai-proposals
import { listFlowProposals } from './ai-proposals/list-flow-proposals';
import { createFlowProposal } from './ai-proposals/create-flow-proposal';
import { submitFlowProposal } from './ai-proposals/submit-flow-proposal';
import { getFlowProposal } from './ai-proposals/get-flow-proposal';
import { deleteFlowProposal } from './ai-proposals/delete-flow-proposal';
import { acceptFlowProposal } from './ai-proposals/accept-flow-proposal';
import { rejectFlowProposal } from './ai-proposals/reject-flow-proposal';
import { createMissingRecord } from './ai-proposals/create-missing-record';
import { listArchitectureProposals } from './ai-proposals/list-architecture-proposals';
import { createArchitectureProposal } from './ai-proposals/create-architecture-proposal';
import { createArchitectureProposalFromDocument } from './ai-proposals/create-architecture-proposal-from-document';
import { submitArchitectureProposal } from './ai-proposals/submit-architecture-proposal';
import { getArchitectureProposal } from './ai-proposals/get-architecture-proposal';
import { deleteArchitectureProposal } from './ai-proposals/delete-architecture-proposal';
import { decideArchitectureProposal } from './ai-proposals/decide-architecture-proposal';

// graph

// reference

export const endpoints: readonly Endpoint[] = Object.freeze([
  // health

  // setup

  // auth

  // instance

  // workspaces

  // projects

  // model

  // facts

  // scenarios

  // exports

  // streams

  // views

  // share-links

  // share

  // costs

  // promises

  // load-tests

  // ai
  explain,
  listCalls,
  getUsage,

  // comments
  listCommentThreads,
  createCommentThread,
  getCommentThread,
  createCommentReply,
  editThreadComment,
  deleteThreadComment,
  resolveCommentThread,
  reopenCommentThread,
  raiseThreadQuestion,
  raiseThreadDecision,
  listThreadDecisions,

  // mcp

  // agent

  // settings

  // members

  // sources

  // imports

  // hosts

  // prices

  // secrets
  listSecrets,
  putSecret,
  deleteSecret,

  // webhooks
  listWebhookDeliveries,

  // web

  // ai-proposals
  listFlowProposals,
  createFlowProposal,
  submitFlowProposal,
  getFlowProposal,
  deleteFlowProposal,
  acceptFlowProposal,
  rejectFlowProposal,
  createMissingRecord,
  listArchitectureProposals,
  createArchitectureProposal,
  createArchitectureProposalFromDocument,
  submitArchitectureProposal,
  getArchitectureProposal,
  deleteArchitectureProposal,
  decideArchitectureProposal,

  // graph

  // reference
]);

const endpointKeys = new Set(endpoints.map(routeKeyOf));

/** Every route of the service: the endpoint modules and the rows of the older table not yet moved into one. */
export const serviceRoutes: readonly RouteDefinition[] = Object.freeze([...olderRoutes.filter((route) => !endpointKeys.has(routeKeyOf(route))), ...endpoints]);
