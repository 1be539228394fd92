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
import { listScenarios } from './scenarios/list-scenarios';
import { createScenario } from './scenarios/create-scenario';
import { getScenario } from './scenarios/get-scenario';
import { replaceScenario } from './scenarios/replace-scenario';
import { deleteScenario } from './scenarios/delete-scenario';
import { runScenario } from './scenarios/run-scenario';

// exports

// streams

// views
import { listViews } from './views/list-views';
import { createView } from './views/create-view';
import { getView } from './views/get-view';
import { replaceView } from './views/replace-view';
import { deleteView } from './views/delete-view';
import { replaceViewLayout } from './views/replace-view-layout';

// share-links
import { listShareLinks } from './share-links/list-share-links';
import { createShareLink } from './share-links/create-share-link';
import { revokeShareLink } from './share-links/revoke-share-link';

// share
import { getSharePage } from './share/get-share-page';
import { postSharePassword } from './share/post-share-password';
import { getSharedSvg } from './share/get-shared-svg';
import { getSharedFlowchart } from './share/get-shared-flowchart';
import { getSharedArchitectureDsl } from './share/get-shared-architecture-dsl';

// costs

// promises
import { listPromises } from './promises/list-promises';
import { createPromise } from './promises/create-promise';
import { getPromise } from './promises/get-promise';
import { replacePromiseDraft } from './promises/replace-promise-draft';
import { approvePromise } from './promises/approve-promise';
import { createPromiseRun } from './promises/create-promise-run';
import { listPromiseRuns } from './promises/list-promise-runs';

// load-tests

// ai

// comments

// mcp
import { postMcp } from './mcp/post-mcp';
import { mcpMethodNotAllowed } from './mcp/mcp-method-not-allowed';

// agent
import { getLlmsTxt } from './agent/get-llms-txt';
import { getLlmsFullTxt } from './agent/get-llms-full-txt';
import { getCapabilities } from './agent/get-capabilities';
import { listSkills } from './agent/list-skills';
import { getSkill } from './agent/get-skill';

// settings
import { getWorkspaceSettings } from './settings/get-workspace-settings';
import { replaceWorkspaceSettings } from './settings/replace-workspace-settings';
import { getInstanceSettings } from './settings/get-instance-settings';
import { replaceInstanceSettings } from './settings/replace-instance-settings';

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
import { serveWebFile } from './web/serve-web-file';

// ai-proposals

// graph
import { findPaths } from './graph/find-paths';
import { getImpact } from './graph/get-impact';

// reference
import { getOpenApiDocument } from './reference/get-openapi-document';
import { getReferencePage } from './reference/get-reference-page';
import { getReferenceFile } from './reference/get-reference-file';

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
  listScenarios,
  createScenario,
  getScenario,
  replaceScenario,
  deleteScenario,
  runScenario,

  // exports

  // streams

  // views
  listViews,
  createView,
  getView,
  replaceView,
  deleteView,
  replaceViewLayout,

  // share-links
  listShareLinks,
  createShareLink,
  revokeShareLink,

  // share
  getSharePage,
  postSharePassword,
  getSharedSvg,
  getSharedFlowchart,
  getSharedArchitectureDsl,

  // costs

  // promises
  listPromises,
  createPromise,
  getPromise,
  replacePromiseDraft,
  approvePromise,
  createPromiseRun,
  listPromiseRuns,

  // load-tests

  // ai

  // comments

  // mcp
  postMcp,
  ...mcpMethodNotAllowed,

  // agent
  getLlmsTxt,
  getLlmsFullTxt,
  getCapabilities,
  listSkills,
  getSkill,

  // settings
  getWorkspaceSettings,
  replaceWorkspaceSettings,
  getInstanceSettings,
  replaceInstanceSettings,

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
  ...serveWebFile,

  // ai-proposals

  // graph
  findPaths,
  getImpact,

  // reference
  getOpenApiDocument,
  getReferencePage,
  getReferenceFile,
]);

const endpointKeys = new Set(endpoints.map(routeKeyOf));

/** Every route of the service: the endpoint modules and the rows of the older table not yet moved into one. */
export const serviceRoutes: readonly RouteDefinition[] = Object.freeze([...olderRoutes.filter((route) => !endpointKeys.has(routeKeyOf(route))), ...endpoints]);
