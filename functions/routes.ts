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
import { exportModel } from './model/export-model';
import { importModel } from './model/import-model';
import { elementEndpoints } from './model/elements';
import { relationshipEndpoints } from './model/relationships';
import { messageEndpoints } from './model/messages';
import { schemaEndpoints } from './model/schemas';
import { operationEndpoints } from './model/operations';
import { channelEndpoints } from './model/channels';
import { subscriptionEndpoints } from './model/subscriptions';
import { bindingEndpoints } from './model/bindings';

// facts
import { acceptFact } from './facts/accept-fact';
import { markFactUnknown } from './facts/mark-fact-unknown';

// scenarios

// exports
import { exportViewSvg } from './exports/export-view-svg';
import { exportViewFlowchart } from './exports/export-view-flowchart';
import { exportArchitectureDsl } from './exports/export-architecture-dsl';

// streams
import { listRevisions } from './streams/list-revisions';
import { createRevision } from './streams/create-revision';
import { listBranches } from './streams/list-branches';
import { createBranch } from './streams/create-branch';

// views

// share-links

// share

// costs

// promises

// load-tests

// ai

// comments

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

// web

// ai-proposals

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
  exportModel,
  importModel,
  ...elementEndpoints,
  ...relationshipEndpoints,
  ...messageEndpoints,
  ...schemaEndpoints,
  ...operationEndpoints,
  ...channelEndpoints,
  ...subscriptionEndpoints,
  ...bindingEndpoints,

  // facts
  acceptFact,
  markFactUnknown,

  // scenarios

  // exports
  exportViewSvg,
  exportViewFlowchart,
  exportArchitectureDsl,

  // streams
  listRevisions,
  createRevision,
  listBranches,
  createBranch,

  // views

  // share-links

  // share

  // costs

  // promises

  // load-tests

  // ai

  // comments

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

  // web

  // ai-proposals

  // graph

  // reference
]);

const endpointKeys = new Set(endpoints.map(routeKeyOf));

/** Every route of the service: the endpoint modules and the rows of the older table not yet moved into one. */
export const serviceRoutes: readonly RouteDefinition[] = Object.freeze([...olderRoutes.filter((route) => !endpointKeys.has(routeKeyOf(route))), ...endpoints]);
