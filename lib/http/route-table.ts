/**
 * The one route table. It is the single source for the local shim's dispatch,
 * the esbuild entry points (one bundle per function group), the infra template
 * and the agent capability list. A reader finds any endpoint's code in one hop:
 * `functions/<group>/<operation>.ts`.
 */

import type { ProblemType } from './problem';

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/**
 * Who may call a route. Roles inside a workspace or project are checked by the
 * operation through the one policy function, because they depend on the path.
 * - `none`: anyone, no credential read.
 * - `signed-in`: a person's session or an agent token.
 * - `person`: a person's session only; an agent token gets 403.
 * - `token`: an agent token only (bearer), e.g. /mcp.
 */
export type AuthRequirement = 'none' | 'signed-in' | 'person' | 'token';

/** How the body is read: not at all, JSON, JSON or YAML, or raw bytes. */
export type BodyKind = 'none' | 'json' | 'json-or-yaml' | 'raw';

export interface RouteDefinition {
  method: HttpMethod;
  /**
   * Path pattern with `{name}` segments, as API Gateway writes it; a last
   * segment `{name+}` is greedy (the rest of the path, slashes included) and is
   * tried only after every other route (lib/http/route-matcher.ts).
   */
  path: string;
  /** Function group: `functions/<group>/handler.ts` serves the route. */
  group: string;
  /** Operation name: `functions/<group>/<operation>.ts`. */
  operation: string;
  auth: AuthRequirement;
  body: BodyKind;
  /** Largest accepted body; a larger one gets 413 before it is parsed. */
  bodyLimitBytes: number;
  /** One line for the capability list and the infra template. */
  summary: string;
  /**
   * For a `raw` body its operation parses itself: the content types it must
   * carry (415 otherwise, as for `json` and `json-or-yaml` routes).
   */
  rawContentType?: 'json-or-yaml';
  /** `type` of the 400 for a body that does not parse (default `invalid_json`). */
  malformedBodyType?: ProblemType;
  /** `type` of the 413 for a body over the limit (default `payload_too_large`). */
  tooLargeType?: ProblemType;
  /** A per-client-address limit of its own (part 2 "Limits"). */
  rateLimit?: 'login' | 'setup' | 'register' | 'externalStart' | 'externalComplete' | 'sharePages';
  /**
   * The path holds a credential (a share token): traces name the route
   * pattern instead of the path, as the access line always does.
   */
  pathHoldsSecret?: true;
  /**
   * For a route an agent token may call: the scope it needs, or `any` for
   * every token of the workspace whatever its scopes. GET routes of `signed-in`
   * need `read` unless they name another (`GET …/sources/push` needs `push`);
   * other methods take no token unless they name one. The edge checks it, and
   * the OpenAPI document and the capability list say it, through
   * lib/http/token-access.ts; a GET a token may not call is `person`.
   */
  tokenScope?: 'read' | 'push' | 'any';
  /**
   * Serves the web client's files (docs/web-client.md): no rate limit counts
   * it (part 2 "Limits": web client files do not count), and the agent's
   * endpoint lists leave it out (it is no API).
   */
  webClient?: true;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/** Body limit of JSON routes the spec gives no number for (docs/decisions.md). */
export const defaultBodyLimitBytes = 1 * MiB;

/** Byte limits the spec names, in one place so routes and tests agree. */
export const bodyLimits = Object.freeze({
  signIn: 4 * KiB,
  credential: 32 * KiB,
  workspaceSettings: 64 * KiB,
  instanceSettings: 68 * KiB,
  modelImport: 16 * MiB,
  scenarioRequest: 1 * MiB,
  mcpMessage: 1 * MiB,
  push: 24 * MiB,
  /** An uploaded archive as sent (compressed); what it expands to is limited by import.maxArchiveBytes (docs/sources.md). */
  archiveUpload: 256 * MiB,
  /** A trace file (OTLP or Jaeger JSON), read in the request. */
  traceUpload: 32 * MiB,
  /** A price CSV as a JSON string (docs/prices.md "CSV"): 10,000 rows of 500 bytes fit. */
  priceCsv: 5 * MiB,
  /** A measured load-test result: a k6 end-of-test summary or the generic shape (docs/load-tests.md). */
  loadTestResult: 4 * MiB,
});

type RouteInput = Omit<RouteDefinition, 'body' | 'bodyLimitBytes'> &
  Partial<Pick<RouteDefinition, 'body' | 'bodyLimitBytes'>>;

function route(input: RouteInput): RouteDefinition {
  const readsBody = input.method === 'POST' || input.method === 'PUT' || input.method === 'PATCH';
  return {
    body: readsBody ? 'json' : 'none',
    bodyLimitBytes: readsBody ? defaultBodyLimitBytes : 0,
    ...input,
  };
}

/**
 * The public pages of share links: no sign-in, a limit of their own per client
 * address, the token kept out of traces; the password form posts a small
 * form-encoded body its operation reads (docs/sharing.md).
 */
function shareRoutes(entries: Pick<RouteDefinition, 'method' | 'path' | 'operation' | 'summary'>[]): RouteDefinition[] {
  return entries.map((entry) =>
    route({
      ...entry,
      group: 'share',
      auth: 'none',
      rateLimit: 'sharePages',
      pathHoldsSecret: true,
      ...(entry.method === 'POST' ? { body: 'raw' as const, bodyLimitBytes: bodyLimits.signIn } : {}),
    }),
  );
}

/** The comment endpoints, under /api/projects/{projectId}/threads. */
function commentRoutes(entries: (Omit<RouteInput, 'path' | 'group'> & { path: string })[]): RouteDefinition[] {
  return entries.map((entry) => route({ ...entry, path: `/api/projects/{projectId}/threads${entry.path}`, group: 'comments' }));
}

/** The cost endpoints, under /api/projects/{projectId}/costs. */
function costRoutes(entries: (Pick<RouteDefinition, 'method' | 'operation' | 'summary'> & { path: string })[]): RouteDefinition[] {
  return entries.map((entry) => route({ ...entry, path: `/api/projects/{projectId}/costs${entry.path}`, group: 'costs', auth: 'signed-in' }));
}

/** The AI proposal endpoints, under /api/projects/{projectId}/ai (group `ai-proposals`). */
function aiProposalRoutes(entries: (Pick<RouteDefinition, 'method' | 'operation' | 'summary'> & { path: string; body?: BodyKind })[]): RouteDefinition[] {
  return entries.map(({ body, ...entry }) =>
    route({ ...entry, path: `/api/projects/{projectId}/ai${entry.path}`, group: 'ai-proposals', auth: 'signed-in', ...(body === 'none' ? { body, bodyLimitBytes: 0 } : {}) }),
  );
}

/** Collections of the model API, one per record kind (part 1 "Resources and their fields"). */
export const modelSections = ['elements', 'relationships', 'messages', 'schemas', 'operations', 'channels', 'subscriptions', 'bindings'] as const;

export const routes: readonly RouteDefinition[] = Object.freeze([
  route({ method: 'GET', path: '/health', group: 'health', operation: 'get-health', auth: 'none', summary: 'Status word: 200 when the database answers, else 503' }),
  route({ method: 'GET', path: '/health/ready', group: 'health', operation: 'get-health', auth: 'none', summary: 'Readiness: same as /health' }),
  route({ method: 'GET', path: '/health/live', group: 'health', operation: 'get-health-live', auth: 'none', summary: 'Liveness: 200 while the process answers' }),

  // First-run setup and sign-in (part 2 "Sign-in, setup and health"; DECISIONS.md section 2)
  route({ method: 'GET', path: '/api/setup/status', group: 'setup', operation: 'get-setup-status', auth: 'none', summary: 'Whether first-run setup is due and which proof it needs; whether registration is open and which external sign-in is offered' }),
  route({ method: 'POST', path: '/api/setup', group: 'setup', operation: 'post-setup', auth: 'none', bodyLimitBytes: bodyLimits.signIn, rateLimit: 'setup', summary: 'Create the instance administrator and the Default workspace' }),
  route({ method: 'POST', path: '/api/auth/login', group: 'auth', operation: 'post-login', auth: 'none', bodyLimitBytes: bodyLimits.signIn, rateLimit: 'login', summary: 'Sign in with e-mail and password' }),
  route({ method: 'POST', path: '/api/auth/logout', group: 'auth', operation: 'post-logout', auth: 'none', bodyLimitBytes: bodyLimits.signIn, summary: 'End the session; with ?all=true every session of the account (sign out everywhere)' }),
  route({ method: 'POST', path: '/api/auth/register', group: 'auth', operation: 'post-register', auth: 'none', bodyLimitBytes: bodyLimits.signIn, rateLimit: 'register', summary: 'Create an account when the policy allows self-registration' }),
  route({ method: 'GET', path: '/api/auth/external/complete', group: 'auth', operation: 'get-external-complete', auth: 'none', rateLimit: 'externalComplete', summary: 'Complete an external sign-in: sign in, or create the account when allowed' }),
  route({ method: 'GET', path: '/api/auth/external/callback', group: 'auth', operation: 'get-external-callback', auth: 'none', summary: 'Callback address registered with the external sign-in provider' }),
  route({ method: 'GET', path: '/api/auth/external/{provider}', group: 'auth', operation: 'get-external-start', auth: 'none', rateLimit: 'externalStart', summary: 'Start sign-in with github or gitlab (404 when not configured)' }),
  route({ method: 'GET', path: '/api/auth/me', group: 'auth', operation: 'get-me', auth: 'person', summary: 'The signed-in person and their workspaces' }),
  route({ method: 'GET', path: '/api/instance', group: 'instance', operation: 'get-instance', auth: 'signed-in', tokenScope: 'any', summary: 'Profile, release version and registration policy' }),
  route({ method: 'GET', path: '/api/instance/audit', group: 'instance', operation: 'list-instance-audit', auth: 'person', summary: 'Audit entries of the instance, newest first (instance administrator)' }),
  route({ method: 'GET', path: '/api/instance/diagnostics', group: 'instance', operation: 'get-diagnostics', auth: 'person', summary: 'Pending migrations, database, event store and job queue reachability, worker heartbeat (instance administrator)' }),

  // Workspaces, projects, agent tokens (DECISIONS.md section 2)
  route({ method: 'GET', path: '/api/workspaces', group: 'workspaces', operation: 'list-workspaces', auth: 'signed-in', tokenScope: 'any', summary: 'Workspaces of the caller with their role' }),
  route({ method: 'POST', path: '/api/workspaces', group: 'workspaces', operation: 'create-workspace', auth: 'person', summary: 'Create a workspace; the caller becomes its owner' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/projects', group: 'workspaces', operation: 'list-projects', auth: 'signed-in', summary: 'Projects of a workspace, by name, paged' }),
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/projects', group: 'workspaces', operation: 'create-project', auth: 'signed-in', summary: 'Create a project (editor)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/audit', group: 'workspaces', operation: 'list-workspace-audit', auth: 'person', summary: 'Audit entries of a workspace, newest first (owner)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/agent-tokens', group: 'workspaces', operation: 'list-agent-tokens', auth: 'person', summary: 'Agent tokens of a workspace, never their secrets (owner)' }),
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/agent-tokens', group: 'workspaces', operation: 'create-agent-token', auth: 'person', summary: 'Create an agent token; the secret is shown once (owner)' }),
  route({ method: 'DELETE', path: '/api/workspaces/{workspaceId}/agent-tokens/{tokenId}', group: 'workspaces', operation: 'revoke-agent-token', auth: 'person', summary: 'Revoke an agent token at once (owner)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}', group: 'projects', operation: 'get-project', auth: 'signed-in', summary: 'A project (viewer)' }),
  route({ method: 'PATCH', path: '/api/projects/{projectId}', group: 'projects', operation: 'update-project', auth: 'signed-in', summary: 'Rename or describe a project (editor)' }),
  route({ method: 'DELETE', path: '/api/projects/{projectId}', group: 'projects', operation: 'delete-project', auth: 'signed-in', summary: 'Delete a project and everything in it (owner)' }),

  // The model: document export and import (part 1 "Model document"), record edits per kind (DECISIONS.md section 2), facts
  route({ method: 'GET', path: '/api/projects/{projectId}/export', group: 'model', operation: 'export-model', auth: 'signed-in', summary: 'The main model as a JSON (default) or YAML model document (viewer)' }),
  route({
    method: 'POST',
    path: '/api/projects/{projectId}/import',
    group: 'model',
    operation: 'import-model',
    auth: 'signed-in',
    body: 'raw',
    rawContentType: 'json-or-yaml',
    bodyLimitBytes: bodyLimits.modelImport,
    tooLargeType: 'import_too_large',
    malformedBodyType: 'invalid_export',
    summary: 'Upsert a model document into main; ?dryRun=true previews, ?expectedVersion= guards (editor)',
  }),
  ...modelSections.flatMap((section) => [
    route({ method: 'GET', path: `/api/projects/{projectId}/${section}`, group: 'model', operation: 'list-records', auth: 'signed-in', summary: `List ${section} of main, ?branchId= or ?revisionId=; ?refersTo= keeps those naming an ID (viewer)` }),
    route({ method: 'POST', path: `/api/projects/{projectId}/${section}`, group: 'model', operation: 'create-record', auth: 'signed-in', summary: `Create one of the ${section} (editor)` }),
    route({ method: 'GET', path: `/api/projects/{projectId}/${section}/{id}`, group: 'model', operation: 'get-record', auth: 'signed-in', summary: `Read one of the ${section} of main, ?branchId= or ?revisionId= (viewer)` }),
    route({ method: 'PUT', path: `/api/projects/{projectId}/${section}/{id}`, group: 'model', operation: 'replace-record', auth: 'signed-in', summary: `Replace one of the ${section} (editor)` }),
    route({ method: 'DELETE', path: `/api/projects/{projectId}/${section}/{id}`, group: 'model', operation: 'delete-record', auth: 'signed-in', summary: `Delete one of the ${section}; 409 naming the referrers (editor)` }),
  ]),
  route({ method: 'POST', path: '/api/projects/{projectId}/facts/{entityType}/{entityId}/accept', group: 'facts', operation: 'accept-fact', auth: 'signed-in', summary: 'Accept a fact: record who accepted it and when (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/facts/{entityType}/{entityId}/mark-unknown', group: 'facts', operation: 'mark-fact-unknown', auth: 'signed-in', summary: 'Label a fact unknown (editor)' }),

  // Scenarios and playback (part 1 "Scenarios")
  route({ method: 'GET', path: '/api/projects/{projectId}/scenarios', group: 'scenarios', operation: 'list-scenarios', auth: 'signed-in', summary: 'Scenarios by name, paged (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/scenarios', group: 'scenarios', operation: 'create-scenario', auth: 'signed-in', bodyLimitBytes: bodyLimits.scenarioRequest, malformedBodyType: 'invalid_scenario', summary: 'Create a scenario with a caller-chosen ID (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/scenarios/{scenarioId}', group: 'scenarios', operation: 'get-scenario', auth: 'signed-in', summary: 'A scenario with its origin (viewer)' }),
  route({ method: 'PUT', path: '/api/projects/{projectId}/scenarios/{scenarioId}', group: 'scenarios', operation: 'replace-scenario', auth: 'signed-in', bodyLimitBytes: bodyLimits.scenarioRequest, malformedBodyType: 'invalid_scenario', summary: 'Replace a scenario (editor)' }),
  route({ method: 'DELETE', path: '/api/projects/{projectId}/scenarios/{scenarioId}', group: 'scenarios', operation: 'delete-scenario', auth: 'signed-in', summary: 'Delete a scenario; its ID stays taken (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/scenarios/{scenarioId}/run', group: 'scenarios', operation: 'run-scenario', auth: 'signed-in', body: 'none', tokenScope: 'read', summary: 'Play a scenario over main or ?branchId=; writes nothing (viewer)' }),

  // Diagram and model exports (part 1 "Diagram and model exports")
  route({ method: 'GET', path: '/api/projects/{projectId}/views/{viewId}/export/svg', group: 'exports', operation: 'export-view-svg', auth: 'signed-in', summary: 'A view as SVG; ?revisionId= reads a revision (viewer)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/views/{viewId}/export/flowchart', group: 'exports', operation: 'export-view-flowchart', auth: 'signed-in', summary: 'A view as Mermaid flowchart text (viewer)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/export/archdsl', group: 'exports', operation: 'export-architecture-dsl', auth: 'signed-in', summary: 'The model and views as Structurizr DSL text (viewer)' }),

  // Revisions, branches, views (DECISIONS.md section 2)
  route({ method: 'GET', path: '/api/projects/{projectId}/revisions', group: 'streams', operation: 'list-revisions', auth: 'signed-in', summary: 'Revisions of the main model, oldest first (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/revisions', group: 'streams', operation: 'create-revision', auth: 'signed-in', summary: 'Freeze a copy of the main model (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/branches', group: 'streams', operation: 'list-branches', auth: 'signed-in', summary: 'Drafts and variants, oldest first (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/branches', group: 'streams', operation: 'create-branch', auth: 'signed-in', summary: 'Copy the main model into a draft or variant, edited with ?branchId= (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/views', group: 'views', operation: 'list-views', auth: 'signed-in', summary: 'Views of the project with their saved positions (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/views', group: 'views', operation: 'create-view', auth: 'signed-in', summary: 'Create a view (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/views/{viewId}', group: 'views', operation: 'get-view', auth: 'signed-in', summary: 'A view (viewer)' }),
  route({ method: 'PUT', path: '/api/projects/{projectId}/views/{viewId}', group: 'views', operation: 'replace-view', auth: 'signed-in', summary: 'Rename a view or change its root (editor)' }),
  route({ method: 'DELETE', path: '/api/projects/{projectId}/views/{viewId}', group: 'views', operation: 'delete-view', auth: 'signed-in', summary: 'Delete a view (editor)' }),
  route({ method: 'PUT', path: '/api/projects/{projectId}/views/{viewId}/layout', group: 'views', operation: 'replace-view-layout', auth: 'signed-in', summary: 'Replace the saved positions of a view (editor)' }),

  // Share links of views (part 2 "sharing.linkPolicy", "sharing.embedHosts"; docs/sharing.md)
  route({ method: 'GET', path: '/api/projects/{projectId}/views/{viewId}/share-links', group: 'share-links', operation: 'list-share-links', auth: 'signed-in', summary: 'Share links of a view with their status, never the token (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/views/{viewId}/share-links', group: 'share-links', operation: 'create-share-link', auth: 'signed-in', summary: 'Create a share link; the token is shown once (editor)' }),
  route({ method: 'DELETE', path: '/api/projects/{projectId}/share-links/{linkId}', group: 'share-links', operation: 'revoke-share-link', auth: 'signed-in', summary: 'Revoke a share link at once (editor)' }),
  ...shareRoutes([
    { method: 'GET', path: '/s/{token}', operation: 'get-share-page', summary: 'Read-only page of a shared view, or its password form' },
    { method: 'POST', path: '/s/{token}', operation: 'post-share-password', summary: 'Check the password of a share link (form post)' },
    { method: 'GET', path: '/s/{token}/diagram.svg', operation: 'get-shared-svg', summary: 'The shared view as SVG' },
    { method: 'GET', path: '/s/{token}/flowchart.mmd', operation: 'get-shared-flowchart', summary: 'The shared view as Mermaid flowchart text' },
    { method: 'GET', path: '/s/{token}/model.dsl', operation: 'get-shared-architecture-dsl', summary: 'The model and views as Structurizr DSL text' },
  ]),

  // Cost sheets and estimates (part 1 "Cost sheets and estimates"; docs/costs.md). Viewer reads (an agent token with read too), editor changes.
  ...costRoutes([
    { method: 'GET', path: '', operation: 'get-cost-sheet', summary: 'The cost sheet of main, ?branchId= or ?revisionId= (viewer)' },
    { method: 'POST', path: '/copy', operation: 'copy-cost-sheet', summary: "Replace this line's cost sheet with a copy of another line's (editor)" },
    { method: 'POST', path: '/resources', operation: 'create-cost-resource', summary: 'Add a resource to the cost sheet; answers the sheet (editor)' },
    { method: 'PUT', path: '/resources/{resourceId}', operation: 'replace-cost-resource', summary: 'Replace a resource of the cost sheet; answers the sheet (editor)' },
    { method: 'DELETE', path: '/resources/{resourceId}', operation: 'delete-cost-resource', summary: 'Delete a resource of the cost sheet; answers the sheet (editor)' },
    { method: 'POST', path: '/assumptions', operation: 'create-cost-assumption', summary: 'Add an assumption to the cost sheet; answers the sheet (editor)' },
    { method: 'PUT', path: '/assumptions/{assumptionId}', operation: 'replace-cost-assumption', summary: 'Replace an assumption of the cost sheet; answers the sheet (editor)' },
    { method: 'DELETE', path: '/assumptions/{assumptionId}', operation: 'delete-cost-assumption', summary: 'Delete an assumption no usage line uses; answers the sheet (editor)' },
    { method: 'GET', path: '/estimate', operation: 'get-cost-estimate', summary: 'Monthly estimate of the cost sheet on ?asOf= from the workspace prices, per currency and element (viewer)' },
    { method: 'GET', path: '/compare', operation: 'compare-cost-estimates', summary: 'Estimates of two lines (?left=, ?right=) side by side, resource by resource (viewer)' },
    { method: 'GET', path: '/estimates', operation: 'list-saved-estimates', summary: 'Saved estimates of the project, newest first (viewer)' },
    { method: 'POST', path: '/estimates', operation: 'save-estimate', summary: 'Save the estimate of a line as computed now (editor)' },
    { method: 'GET', path: '/estimates/{estimateId}', operation: 'get-saved-estimate', summary: 'A saved estimate as it was computed (viewer)' },
    { method: 'DELETE', path: '/estimates/{estimateId}', operation: 'delete-saved-estimate', summary: 'Delete a saved estimate (editor)' },
    { method: 'GET', path: '/prices', operation: 'list-project-prices', summary: "The workspace prices the project's cost sheets use, with the resources using them (viewer)" },
  ]),

  // Promises (docs/decisions.md "Promises")
  route({ method: 'GET', path: '/api/projects/{projectId}/promises', group: 'promises', operation: 'list-promises', auth: 'signed-in', summary: 'Promises in requirement-number order, with state, counts and gaps (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/promises', group: 'promises', operation: 'create-promise', auth: 'signed-in', tokenScope: 'push', summary: 'Create a promise: the next requirement number, draft revision 1 (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/promises/{promiseId}', group: 'promises', operation: 'get-promise', auth: 'signed-in', summary: 'A promise with its in-force and draft revisions and their evidence (viewer)' }),
  route({ method: 'PUT', path: '/api/projects/{projectId}/promises/{promiseId}/draft', group: 'promises', operation: 'replace-promise-draft', auth: 'signed-in', tokenScope: 'push', summary: 'Replace the draft, or start one from the revision in force (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/promises/{promiseId}/approve', group: 'promises', operation: 'approve-promise', auth: 'person', summary: 'Put the draft in force (editor, a person)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/promises/{promiseId}/runs', group: 'promises', operation: 'create-promise-run', auth: 'signed-in', tokenScope: 'push', summary: 'Run one obligation and append the run (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/promises/{promiseId}/runs', group: 'promises', operation: 'list-promise-runs', auth: 'signed-in', summary: 'Runs of a promise, newest first, append-only; ?obligation= ID or key (viewer)' }),

  // Load tests (part 1 "Load tests"; docs/load-tests.md). Literal paths before {id} paths: paths are tried in table order.
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/targets', group: 'load-tests', operation: 'list-targets', auth: 'signed-in', summary: 'Load-test targets with their authorisation and override (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/load-tests/targets', group: 'load-tests', operation: 'create-target', auth: 'signed-in', summary: 'Add a load-test target: an operation or a call step of a scenario (editor)' }),
  route({ method: 'PUT', path: '/api/projects/{projectId}/load-tests/targets/{targetId}', group: 'load-tests', operation: 'replace-target', auth: 'signed-in', summary: 'Point a target at another operation or step; a new subject drops its authorisation (editor)' }),
  route({ method: 'DELETE', path: '/api/projects/{projectId}/load-tests/targets/{targetId}', group: 'load-tests', operation: 'delete-target', auth: 'signed-in', summary: 'Delete a target with its scripts, results and runs (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/load-tests/targets/{targetId}/authorise', group: 'load-tests', operation: 'authorise-target', auth: 'person', summary: 'Record the base URL and environment load may be sent to, against a model version (owner)' }),
  route({ method: 'DELETE', path: '/api/projects/{projectId}/load-tests/targets/{targetId}/authorisation', group: 'load-tests', operation: 'withdraw-authorisation', auth: 'person', summary: 'Withdraw the authorisation of a target (editor)' }),
  route({ method: 'PUT', path: '/api/projects/{projectId}/load-tests/targets/{targetId}/override', group: 'load-tests', operation: 'override-target', auth: 'person', summary: 'Allow non-idempotent calls or failure injection, with a reason and the target name confirmed (owner)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/profiles', group: 'load-tests', operation: 'list-profiles', auth: 'signed-in', summary: 'Stress profiles of the project with their stages (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/load-tests/profiles', group: 'load-tests', operation: 'create-profile', auth: 'signed-in', summary: 'Make a stress profile; values left out come from the simulation settings (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/profiles/{profileId}', group: 'load-tests', operation: 'get-profile', auth: 'signed-in', summary: 'A stress profile with its stages (viewer)' }),
  route({ method: 'DELETE', path: '/api/projects/{projectId}/load-tests/profiles/{profileId}', group: 'load-tests', operation: 'delete-profile', auth: 'signed-in', summary: 'Delete a stress profile no script uses (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/stress/defaults', group: 'load-tests', operation: 'get-stress-defaults', auth: 'signed-in', summary: 'The simulation settings and a new stress profile of each shape made from them (viewer)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/scripts', group: 'load-tests', operation: 'list-scripts', auth: 'signed-in', summary: 'Generated k6 scripts, without their text (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/load-tests/scripts', group: 'load-tests', operation: 'create-script', auth: 'signed-in', tokenScope: 'push', summary: 'Write the k6 script of a target and a profile, ?branchId=; 200 when it exists, 201 when new, 422 script-refused (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/scripts/{scriptId}', group: 'load-tests', operation: 'get-script', auth: 'signed-in', summary: 'A k6 script with its text and content hash (viewer)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/runs', group: 'load-tests', operation: 'list-stress-runs', auth: 'signed-in', summary: 'Stress runs of the project: running, finished or expired (viewer)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/load-tests/runs', group: 'load-tests', operation: 'start-stress-run', auth: 'signed-in', tokenScope: 'push', summary: 'Mark a stress run of a script running; 429 busy over policy.maxConcurrentStressRuns (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/load-tests/runs/{runId}/finish', group: 'load-tests', operation: 'finish-stress-run', auth: 'signed-in', tokenScope: 'push', body: 'none', bodyLimitBytes: 0, summary: 'Mark a stress run finished (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/results', group: 'load-tests', operation: 'list-results', auth: 'signed-in', summary: 'Measured results with their figures and provenance (viewer)' }),
  route({
    method: 'POST',
    path: '/api/projects/{projectId}/load-tests/results',
    group: 'load-tests',
    operation: 'create-result',
    auth: 'signed-in',
    tokenScope: 'push',
    bodyLimitBytes: bodyLimits.loadTestResult,
    summary: 'Store what a load tool measured (a k6 summary or the generic shape) for ?scriptId=; 422 result-refused (editor)',
  }),
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/results/{resultId}', group: 'load-tests', operation: 'get-result', auth: 'signed-in', summary: 'A measured result with the body as it was sent (viewer)' }),
  route({ method: 'DELETE', path: '/api/projects/{projectId}/load-tests/results/{resultId}', group: 'load-tests', operation: 'delete-result', auth: 'signed-in', summary: 'Delete a measured result (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/compare/estimate', group: 'load-tests', operation: 'compare-estimate', auth: 'signed-in', summary: 'A result next to the model: timeouts, retry budgets, a playback run and the cost assumptions (viewer)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/load-tests/compare/results', group: 'load-tests', operation: 'compare-results', auth: 'signed-in', summary: 'Regression per operation between two results: p95, error rate, throughput (viewer)' }),

  // AI (part 1 "AI design proposals"; docs/ai.md): explanations, and the owner's view of calls and spend. The proposals are group ai-proposals.
  route({ method: 'POST', path: '/api/projects/{projectId}/ai/explain', group: 'ai', operation: 'explain', auth: 'signed-in', tokenScope: 'read', summary: 'Explain an element, relationship, scenario, trace event or the model with the explain provider; 200 explain delta or AI unavailable (viewer)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/ai/calls', group: 'ai', operation: 'list-calls', auth: 'person', summary: 'AI call records, newest first: task, provider, model, tokens, cost, duration, outcome (owner)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/ai/usage', group: 'ai', operation: 'get-usage', auth: 'person', summary: 'AI spend of this UTC month, in all and per provider, against the budgets (owner)' }),
  // Comments (part 1 "Comments"; docs/comments.md). Viewers read (a read token too) and comment; editors resolve, reopen and decide; writes are people's.
  ...commentRoutes([
    { method: 'GET', path: '', operation: 'list-threads', auth: 'signed-in', summary: 'Threads on main or ?draftId=, newest first; ?targetId=, ?status=open|resolved (viewer)' },
    { method: 'POST', path: '', operation: 'create-thread', auth: 'person', summary: 'Open a thread on a target with its first comment; 200 when the id exists, 201 when new (viewer)' },
    { method: 'GET', path: '/{threadId}', operation: 'get-thread', auth: 'signed-in', summary: 'A thread with every comment in order, tombstones in place, its question and decisions (viewer)' },
    { method: 'POST', path: '/{threadId}/replies', operation: 'create-reply', auth: 'person', summary: 'Reply in a thread; 200 when the id exists, 201 when new (viewer)' },
    { method: 'PATCH', path: '/{threadId}/comments/{commentId}', operation: 'edit-comment', auth: 'person', summary: "Change one's own comment: body and mentions (its author)" },
    { method: 'DELETE', path: '/{threadId}/comments/{commentId}', operation: 'delete-comment', auth: 'person', summary: "Delete one's own comment, or any as owner; a tombstone stays (author or owner)" },
    { method: 'POST', path: '/{threadId}/resolve', operation: 'resolve-thread', auth: 'person', body: 'none', bodyLimitBytes: 0, summary: 'Resolve a thread (editor)' },
    { method: 'POST', path: '/{threadId}/reopen', operation: 'reopen-thread', auth: 'person', body: 'none', bodyLimitBytes: 0, summary: 'Reopen a resolved thread (editor)' },
    { method: 'POST', path: '/{threadId}/raise-question', operation: 'raise-question', auth: 'person', body: 'none', bodyLimitBytes: 0, summary: 'Turn a thread into a question record; 200 when it is one, 201 when new (viewer)' },
    { method: 'POST', path: '/{threadId}/raise-decision', operation: 'raise-decision', auth: 'person', summary: "Record a decision on the thread's target; a later one supersedes it (editor)" },
  ]),
  route({ method: 'GET', path: '/api/projects/{projectId}/decisions', group: 'comments', operation: 'list-decisions', auth: 'signed-in', summary: 'Decisions on main or ?draftId=, newest first; ?targetId= the chain on one target (viewer)' }),

  // Agent access (part 1 "Agent tool endpoint")
  route({ method: 'POST', path: '/mcp', group: 'mcp', operation: 'post-mcp', auth: 'token', body: 'raw', bodyLimitBytes: bodyLimits.mcpMessage, summary: 'One MCP message (streamable HTTP, stateless, JSON answers)' }),
  route({ method: 'GET', path: '/mcp', group: 'mcp', operation: 'mcp-method-not-allowed', auth: 'token', summary: '405 Allow: POST (no stream, no session)' }),
  route({ method: 'DELETE', path: '/mcp', group: 'mcp', operation: 'mcp-method-not-allowed', auth: 'token', summary: '405 Allow: POST (no stream, no session)' }),
  route({ method: 'GET', path: '/llms.txt', group: 'agent', operation: 'get-llms-txt', auth: 'none', summary: 'A short text index of the API for agents' }),
  route({ method: 'GET', path: '/llms-full.txt', group: 'agent', operation: 'get-llms-full-txt', auth: 'none', summary: 'The index with every tool input schema' }),
  route({ method: 'GET', path: '/api/agent/capabilities', group: 'agent', operation: 'get-capabilities', auth: 'signed-in', tokenScope: 'any', summary: 'The tools and endpoints the caller can use' }),

  // Settings (part 2 "Settings document", "Settings, credentials, instance"; docs/settings.md)
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/settings', group: 'settings', operation: 'get-workspace-settings', auth: 'signed-in', summary: 'Effective settings, overrides, defaults and policy violations of a workspace (member)' }),
  route({ method: 'PUT', path: '/api/workspaces/{workspaceId}/settings', group: 'settings', operation: 'replace-workspace-settings', auth: 'person', bodyLimitBytes: bodyLimits.workspaceSettings, summary: 'Replace the overrides of a workspace; If-Match required (owner)' }),
  route({ method: 'GET', path: '/api/instance/settings', group: 'settings', operation: 'get-instance-settings', auth: 'person', summary: 'Policy, defaults and the workspaces with policy violations (instance administrator)' }),
  route({ method: 'PUT', path: '/api/instance/settings', group: 'settings', operation: 'replace-instance-settings', auth: 'person', bodyLimitBytes: bodyLimits.instanceSettings, summary: 'Replace policy and defaults; If-Match required (instance administrator)' }),

  // Members and invitations (part 2 "Members and invitations")
  // MEMBERS-ROUTES-START
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/members', group: 'members', operation: 'list-members', auth: 'person', summary: 'Members of a workspace with their role (member)' }),
  route({ method: 'PATCH', path: '/api/workspaces/{workspaceId}/members/{memberUserId}', group: 'members', operation: 'change-member-role', auth: 'person', summary: 'Change the role of a member; the last owner stays (owner)' }),
  route({ method: 'DELETE', path: '/api/workspaces/{workspaceId}/members/{memberUserId}', group: 'members', operation: 'remove-member', auth: 'person', summary: 'Remove a member, or leave the workspace; the last owner stays (owner, or self)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/invitations', group: 'members', operation: 'list-invitations', auth: 'person', summary: 'Invitations of a workspace, newest first, never their secrets (owner)' }),
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/invitations', group: 'members', operation: 'create-invitation', auth: 'person', summary: 'Invite an e-mail address; the secret is shown once (owner)' }),
  route({ method: 'DELETE', path: '/api/workspaces/{workspaceId}/invitations/{invitationId}', group: 'members', operation: 'revoke-invitation', auth: 'person', summary: 'Revoke an invitation at once (owner)' }),
  route({ method: 'GET', path: '/api/invitations', group: 'members', operation: 'list-my-invitations', auth: 'person', summary: 'Open invitations addressed to the caller' }),
  route({ method: 'POST', path: '/api/invitations/{invitationId}', group: 'members', operation: 'look-up-invitation', auth: 'person', summary: 'Look up one invitation by its secret or as the person invited' }),
  route({ method: 'POST', path: '/api/invitations/{invitationId}/accept', group: 'members', operation: 'accept-invitation', auth: 'person', summary: 'Accept an invitation (as the person invited; a secret sent must match); the caller becomes a member' }),
  route({ method: 'POST', path: '/api/invitations/{invitationId}/decline', group: 'members', operation: 'decline-invitation', auth: 'person', summary: 'Decline an invitation addressed to the caller' }),
  route({
    method: 'POST',
    path: '/api/invitations/{invitationId}/register',
    group: 'members',
    operation: 'register-through-invitation',
    auth: 'none',
    bodyLimitBytes: bodyLimits.signIn,
    rateLimit: 'register',
    summary: 'Create the account of the invited e-mail address with the invitation secret and join the workspace, whatever the self-registration policy',
  }),
  // MEMBERS-ROUTES-END

  // Sources (part 2 "Sources"; docs/sources.md). Literal paths before {sourceId}: paths are tried in table order.
  route({ method: 'GET', path: '/api/projects/{projectId}/sources', group: 'sources', operation: 'list-sources', auth: 'signed-in', summary: 'Sources of a project by name' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/sources', group: 'sources', operation: 'create-source', auth: 'signed-in', summary: 'Add a Source: a git repository, folder, archive, upload, push or New Relic account (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/sources/upload', group: 'sources', operation: 'upload-model-file', auth: 'signed-in', bodyLimitBytes: bodyLimits.modelImport, summary: 'Keep a model file in an upload Source and scan its files (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/sources/repositories', group: 'sources', operation: 'list-repositories', auth: 'person', summary: 'Repositories of a git host the workspace token can read, a page at a time (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/sources/bulk', group: 'sources', operation: 'bulk-add-sources', auth: 'signed-in', summary: 'Add many repositories of one host as Sources and queue their scans (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/sources/push', group: 'sources', operation: 'get-push-settings', auth: 'signed-in', tokenScope: 'push', summary: "The server's extraction rules and the workspace import limits, for svc scan (push token)" }),
  route({ method: 'POST', path: '/api/projects/{projectId}/sources/push', group: 'sources', operation: 'push-snapshot', auth: 'signed-in', tokenScope: 'push', bodyLimitBytes: bodyLimits.push, summary: 'A snapshot pushed by svc scan: facts of a checkout, compared with the model (push token)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/sources/apm/test', group: 'sources', operation: 'test-apm', auth: 'signed-in', bodyLimitBytes: bodyLimits.credential, summary: 'Test a New Relic account, region and user API key (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/sources/kinds', group: 'sources', operation: 'list-source-kinds', auth: 'signed-in', summary: 'Kinds of Source and whether each can be used now' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/sources/{sourceId}', group: 'sources', operation: 'get-source', auth: 'signed-in', summary: 'One Source with its last scan' }),
  route({ method: 'PATCH', path: '/api/projects/{projectId}/sources/{sourceId}', group: 'sources', operation: 'rename-source', auth: 'signed-in', summary: 'Rename a Source (its slug follows) (editor)' }),
  route({ method: 'DELETE', path: '/api/projects/{projectId}/sources/{sourceId}', group: 'sources', operation: 'delete-source', auth: 'signed-in', summary: 'Delete a Source; accepted facts stay in the model (editor)' }),

  route({ method: 'POST', path: '/api/projects/{projectId}/sources/{sourceId}/scans', group: 'sources', operation: 'start-source-scan', auth: 'signed-in', summary: 'Queue a scan of a Source (editor)' }),

  route({ method: 'POST', path: '/api/projects/{projectId}/sources/{sourceId}/archive', group: 'sources', operation: 'upload-archive', auth: 'signed-in', body: 'raw', bodyLimitBytes: bodyLimits.archiveUpload, summary: 'Upload a zip or tar.gz to an archive Source and scan it (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/sources/{sourceId}/traces', group: 'sources', operation: 'upload-traces', auth: 'signed-in', body: 'raw', bodyLimitBytes: bodyLimits.traceUpload, summary: 'Upload an OTLP or Jaeger JSON trace file: measured calls between services (editor)' }),
  route({ method: 'PUT', path: '/api/projects/{projectId}/sources/{sourceId}/apm/key', group: 'sources', operation: 'set-apm-key', auth: 'signed-in', bodyLimitBytes: bodyLimits.credential, summary: "Store a New Relic Source's user API key (editor)" }),
  route({ method: 'POST', path: '/api/projects/{projectId}/sources/{sourceId}/apm/test', group: 'sources', operation: 'test-source-apm', auth: 'signed-in', body: 'none', bodyLimitBytes: 0, summary: "Test a New Relic Source's stored key (editor)" }),
  route({ method: 'POST', path: '/api/projects/{projectId}/sources/{sourceId}/accept', group: 'sources', operation: 'accept-source', auth: 'signed-in', summary: "Accept every pending proposal of a Source's latest scan (editor)" }),
  route({ method: 'GET', path: '/api/projects/{projectId}/sources/{sourceId}/snapshots', group: 'sources', operation: 'list-snapshots', auth: 'signed-in', summary: 'Snapshots of a Source, newest first' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/sources/{sourceId}/documents', group: 'sources', operation: 'list-source-documents', auth: 'signed-in', summary: 'Files of the latest scan that gave facts, and the files an upload Source keeps' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/sources/{sourceId}/bindings', group: 'sources', operation: 'list-source-bindings', auth: 'signed-in', summary: 'Which model record each accepted fact of the Source became' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/sources/{sourceId}/snapshots/compare', group: 'sources', operation: 'compare-snapshots', auth: 'signed-in', summary: 'Facts added, removed and changed between two snapshots' }),
  // Scans and proposals (part 2 "Scans and proposals"; docs/sources.md)
  route({ method: 'GET', path: '/api/projects/{projectId}/imports', group: 'imports', operation: 'list-scans', auth: 'signed-in', summary: 'Scans of a project, newest first' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/imports', group: 'imports', operation: 'start-repository-scan', auth: 'signed-in', summary: 'Queue a scan of a GitHub repository without a Source (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/imports/{importId}', group: 'imports', operation: 'get-scan', auth: 'signed-in', summary: 'One scan with its skipped files and proposal counts' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/imports/{importId}/cancel', group: 'imports', operation: 'cancel-scan', auth: 'signed-in', body: 'none', bodyLimitBytes: 0, summary: 'Cancel a queued or running scan (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/imports/{importId}/resume', group: 'imports', operation: 'resume-scan', auth: 'signed-in', body: 'none', bodyLimitBytes: 0, summary: 'Queue a failed or cancelled scan again (editor)' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/imports/{importId}/track', group: 'imports', operation: 'track-scan', auth: 'signed-in', body: 'none', bodyLimitBytes: 0, summary: 'Check a running scan is alive and answer its detail' }),

  route({ method: 'GET', path: '/api/projects/{projectId}/imports/{importId}/impact', group: 'imports', operation: 'get-impact', auth: 'signed-in', summary: 'Views, scenarios, promises and exports the pending proposals would change' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/imports/{importId}/impact/report', group: 'imports', operation: 'get-impact-report', auth: 'signed-in', summary: 'The impact as Markdown' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/imports/{importId}/impact/checks', group: 'imports', operation: 'run-impact-checks', auth: 'signed-in', body: 'none', bodyLimitBytes: 0, summary: 'Play the affected scenarios with the proposals accepted; which assertions flip (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/imports/{importId}/proposals', group: 'imports', operation: 'list-proposals', auth: 'signed-in', summary: 'Proposals of a scan, filtered by status, action and entity kind' }),
  route({ method: 'POST', path: '/api/projects/{projectId}/imports/{importId}/proposals/decide', group: 'imports', operation: 'decide-proposals', auth: 'signed-in', summary: 'Accept and reject proposals in one transaction (editor)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/imports/{importId}/proposals/{proposalId}', group: 'imports', operation: 'get-proposal', auth: 'signed-in', summary: 'One proposal' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/imports/{importId}/evidence', group: 'imports', operation: 'list-evidence', auth: 'signed-in', summary: 'Evidence of the facts of a scan, by fact key' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/imports/{importId}/source', group: 'imports', operation: 'get-source-window', auth: 'signed-in', summary: 'Lines of a scanned file that gave evidence' }),

  // Host connectivity (part 2 "Host connectivity"; docs/hosts.md)
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/github/test', group: 'hosts', operation: 'test-host-connection', auth: 'signed-in', body: 'none', bodyLimitBytes: 0, summary: 'Whether GitHub answers with the saved token (owner)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/github/credential', group: 'hosts', operation: 'get-host-credential', auth: 'person', summary: 'The GitHub token: set, the origin it is bound to, the scopes GitHub reports (owner)' }),
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/gitlab/test', group: 'hosts', operation: 'test-host-connection', auth: 'signed-in', body: 'none', bodyLimitBytes: 0, summary: 'Whether GitLab answers with the saved token (owner)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/gitlab/credential', group: 'hosts', operation: 'get-host-credential', auth: 'person', summary: 'The GitLab token: set, the origin it is bound to, the scopes GitLab reports (owner)' }),

  // Prices (part 2 "Prices"; docs/prices.md): cloudA, cloudB, cloudC are azure, aws, gcp (DECISIONS.md section 1). Literal paths before {priceId}.
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/prices', group: 'prices', operation: 'list-prices', auth: 'signed-in', summary: 'Prices of a workspace, oldest first, paged (viewer)' }),
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/prices', group: 'prices', operation: 'create-price', auth: 'person', summary: 'Add a custom price (owner)' }),
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/prices/csv', group: 'prices', operation: 'import-price-csv', auth: 'person', bodyLimitBytes: bodyLimits.priceCsv, summary: 'Add prices from a CSV; refused rows are answered with their line (owner)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/prices/azure/meters', group: 'prices', operation: 'search-azure-meters', auth: 'person', summary: 'Search Azure retail prices, a page at a time (viewer)' }),
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/prices/azure', group: 'prices', operation: 'import-azure-price', auth: 'person', summary: 'Import one Azure retail price by its meter (owner)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/prices/aws/services', group: 'prices', operation: 'list-aws-services', auth: 'person', summary: 'Services of the AWS Price List (viewer)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/prices/aws/regions', group: 'prices', operation: 'list-aws-regions', auth: 'person', summary: 'Regions an AWS service has prices in (viewer)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/prices/aws/prices', group: 'prices', operation: 'search-aws-prices', auth: 'person', summary: 'OnDemand rates of an AWS service in a region, searched (viewer)' }),
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/prices/aws', group: 'prices', operation: 'import-aws-prices', auth: 'person', summary: 'Import OnDemand rates of an AWS service in a region (owner)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/prices/gcp/services', group: 'prices', operation: 'list-gcp-services', auth: 'person', summary: 'Services of the Google Cloud Billing Catalog, with the workspace key (viewer)' }),
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/prices/gcp/skus', group: 'prices', operation: 'search-gcp-skus', auth: 'person', summary: 'SKUs of a Google Cloud service with their prices, searched (viewer)' }),
  route({ method: 'POST', path: '/api/workspaces/{workspaceId}/prices/gcp', group: 'prices', operation: 'import-gcp-prices', auth: 'person', summary: 'Import prices of Google Cloud SKUs, one per tier (owner)' }),
  route({ method: 'DELETE', path: '/api/workspaces/{workspaceId}/prices/{priceId}', group: 'prices', operation: 'delete-price', auth: 'person', summary: 'Delete a price no cost sheet uses; 409 naming the sheets (owner)' }),


  // Comment events sent to notifications.webhookUrl (part 2 "Events"; docs/webhooks.md)
  route({ method: 'GET', path: '/api/workspaces/{workspaceId}/webhook-deliveries', group: 'webhooks', operation: 'list-webhook-deliveries', auth: 'person', summary: 'Webhook events of a workspace, newest first, each with its body and every try (owner)' }),

  // The web client (docs/web-client.md): its files, and index.html for every other path outside the API (deep links).
  route({ method: 'GET', path: '/', group: 'web', operation: 'serve-web-file', auth: 'none', webClient: true, summary: "The web client's index.html" }),
  route({ method: 'GET', path: '/{proxy+}', group: 'web', operation: 'serve-web-file', auth: 'none', webClient: true, summary: "The web client's files under /assets/, and its index.html for any other path outside the API" }),

  // AI design proposals (part 1 "AI design proposals"; docs/ai-proposals.md). Literal paths before {proposalId} paths.
  ...aiProposalRoutes([
    { method: 'GET', path: '/flow-proposals', operation: 'list-flow-proposals', summary: 'Flow proposals, newest first; ?status=, submitted, mine, decided, paged (viewer)' },
    { method: 'POST', path: '/flow-proposals', operation: 'create-flow-proposal', summary: 'Ask the AI for a flow: scenario plus the records it needs; 200 when AI is unavailable (editor)' },
    { method: 'POST', path: '/flow-proposals/submit', operation: 'submit-flow-proposal', summary: 'Submit a ready flow without AI, through the same checks (editor)' },
    { method: 'GET', path: '/flow-proposals/{proposalId}', operation: 'get-flow-proposal', summary: 'A flow proposal: its scenario and missing records (viewer)' },
    { method: 'DELETE', path: '/flow-proposals/{proposalId}', operation: 'delete-flow-proposal', summary: 'Delete a flow proposal that wrote nothing (its maker or an owner)' },
    { method: 'POST', path: '/flow-proposals/{proposalId}/accept', operation: 'accept-flow-proposal', summary: 'Write the scenario with origin ai-proposal; 409 proposal_stale when the model moved (editor)' },
    { method: 'POST', path: '/flow-proposals/{proposalId}/reject', operation: 'reject-flow-proposal', body: 'none', summary: 'Reject a flow proposal (editor)' },
    { method: 'POST', path: '/flow-proposals/{proposalId}/missing/{alias}/create', operation: 'create-missing-record', body: 'none', summary: 'Create a record the flow needs in its branch or main; the alias is bound to it (editor)' },
    { method: 'GET', path: '/architecture-proposals', operation: 'list-architecture-proposals', summary: 'Architecture proposals, newest first; ?status=, submitted, mine, decided, paged (viewer)' },
    { method: 'POST', path: '/architecture-proposals', operation: 'create-architecture-proposal', summary: 'Ask the AI for model changes, checked by the import rules; 200 when AI is unavailable (editor)' },
    { method: 'POST', path: '/architecture-proposals/from-document', operation: 'create-architecture-proposal-from-document', summary: 'Ask the AI for model changes read from a document of a Source (editor)' },
    { method: 'POST', path: '/architecture-proposals/submit', operation: 'submit-architecture-proposal', summary: 'Submit model changes without AI, through the same checks (editor)' },
    { method: 'GET', path: '/architecture-proposals/{proposalId}', operation: 'get-architecture-proposal', summary: 'An architecture proposal: its items with confidence and decisions, and those dropped (viewer)' },
    { method: 'DELETE', path: '/architecture-proposals/{proposalId}', operation: 'delete-architecture-proposal', summary: 'Delete an architecture proposal none of whose items was accepted (its maker or an owner)' },
    { method: 'POST', path: '/architecture-proposals/{proposalId}/decide', operation: 'decide-architecture-proposal', summary: 'Accept and reject items; accepted ones written in one change as inferred; 409 items_refused (editor)' },
  ]),

  // Paths and impact over the declared model: the HTTP side of find_paths and get_impact (docs/agent-tools.md)
  route({ method: 'GET', path: '/api/projects/{projectId}/paths', group: 'graph', operation: 'find-paths', auth: 'signed-in', summary: 'Paths between two elements over relationships and message flows, shortest first (viewer)' }),
  route({ method: 'GET', path: '/api/projects/{projectId}/impact', group: 'graph', operation: 'get-impact', auth: 'signed-in', summary: 'What depends on an element, operation, channel or schema, transitively: elements, scenarios, views, promises (viewer)' }),

  // Agent skill documents (docs/skills.md): no credential, counted in the anonymous limit like /llms.txt (part 2 "Limits")
  route({ method: 'GET', path: '/skills', group: 'agent', operation: 'list-skills', auth: 'none', summary: 'Index of the agent skill documents: Markdown, or JSON with Accept: application/json' }),
  route({ method: 'GET', path: '/skills/{name}', group: 'agent', operation: 'get-skill', auth: 'none', summary: 'One agent skill document (SKILL.md: front matter name and description, then instructions)' }),

  // The API described (docs/openapi.md): the OpenAPI document, counted in the anonymous limit like /skills; the reference page and its files, counted in none (like the web client's files)
  route({ method: 'GET', path: '/openapi.json', group: 'reference', operation: 'get-openapi-document', auth: 'none', summary: 'The OpenAPI 3.1 document of this API' }),
  route({ method: 'GET', path: '/docs', group: 'reference', operation: 'get-reference-page', auth: 'none', summary: 'The API reference page (Swagger UI reading /openapi.json)' }),
  route({ method: 'GET', path: '/docs/{file}', group: 'reference', operation: 'get-reference-file', auth: 'none', summary: "A file of the API reference page (Swagger UI's script and stylesheet)" }),
]);

/**
 * First path segments kept for the API's features to come: like the first
 * segments of the routes above, the web client never answers under them, so
 * a link to one of them cannot start showing the client today and an API
 * answer tomorrow.
 */
export const reservedFirstSegments: readonly string[] = Object.freeze(['skills', 'openapi.json', 'docs']);

/** `GET /api/x/{id}`: the API Gateway route key of a route. */
export function routeKeyOf(r: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${r.method} ${r.path}`;
}

/** The names of every function group, in table order. */
export function functionGroups(table: readonly RouteDefinition[] = routes): string[] {
  return [...new Set(table.map((r) => r.group))];
}

