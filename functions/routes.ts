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

  // exports

  // streams

  // views

  // share-links

  // share

  // costs

  // promises

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

  // reference
  getOpenApiDocument,
  getReferencePage,
  getReferenceFile,
]);

const endpointKeys = new Set(endpoints.map(routeKeyOf));

/** Every route of the service: the endpoint modules and the rows of the older table not yet moved into one. */
export const serviceRoutes: readonly RouteDefinition[] = Object.freeze([...olderRoutes.filter((route) => !endpointKeys.has(routeKeyOf(route))), ...endpoints]);
