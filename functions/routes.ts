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

// agent

// settings

// members

// sources
import { listSources } from './sources/list-sources';
import { createSource } from './sources/create-source';
import { uploadModelFile } from './sources/upload-model-file';
import { listRepositories } from './sources/list-repositories';
import { bulkAddSources } from './sources/bulk-add-sources';
import { getPushSettings } from './sources/get-push-settings';
import { pushSnapshot } from './sources/push-snapshot';
import { testApm } from './sources/test-apm';
import { listSourceKinds } from './sources/list-source-kinds';
import { getSource } from './sources/get-source';
import { renameSource } from './sources/rename-source';
import { deleteSource } from './sources/delete-source';
import { startSourceScan } from './sources/start-source-scan';
import { uploadArchive } from './sources/upload-archive';
import { uploadTraces } from './sources/upload-traces';
import { setApmKey } from './sources/set-apm-key';
import { testSourceApm } from './sources/test-source-apm';
import { acceptSource } from './sources/accept-source';
import { listSnapshots } from './sources/list-snapshots';
import { listSourceDocuments } from './sources/list-source-documents';
import { listSourceBindings } from './sources/list-source-bindings';
import { compareSnapshots } from './sources/compare-snapshots';

// scans
import { listScans } from './scans/list-scans';
import { startRepositoryScan } from './scans/start-repository-scan';
import { getScan } from './scans/get-scan';
import { cancelScan } from './scans/cancel-scan';
import { resumeScan } from './scans/resume-scan';
import { trackScan } from './scans/track-scan';
import { getImpact } from './scans/get-impact';
import { getImpactReport } from './scans/get-impact-report';
import { runImpactChecks } from './scans/run-impact-checks';
import { listProposals } from './scans/list-proposals';
import { decideProposals } from './scans/decide-proposals';
import { getProposal } from './scans/get-proposal';
import { listEvidence } from './scans/list-evidence';
import { getSourceWindow } from './scans/get-source-window';

// hosts
import { testHostConnection } from './hosts/test-host-connection';
import { getHostCredential } from './hosts/get-host-credential';

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

  // agent

  // settings

  // members

  // sources
  listSources,
  createSource,
  uploadModelFile,
  listRepositories,
  bulkAddSources,
  getPushSettings,
  pushSnapshot,
  testApm,
  listSourceKinds,
  getSource,
  renameSource,
  deleteSource,
  startSourceScan,
  uploadArchive,
  uploadTraces,
  setApmKey,
  testSourceApm,
  acceptSource,
  listSnapshots,
  listSourceDocuments,
  listSourceBindings,
  compareSnapshots,

  // scans
  listScans,
  startRepositoryScan,
  getScan,
  cancelScan,
  resumeScan,
  trackScan,
  getImpact,
  getImpactReport,
  runImpactChecks,
  listProposals,
  decideProposals,
  getProposal,
  listEvidence,
  getSourceWindow,

  // hosts
  ...testHostConnection,
  ...getHostCredential,

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
