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
import type { Endpoint } from '../lib/platform/http/define-route';

// health
import { getHealth } from './health/get-health';
import { getHealthLive } from './health/get-health-live';

// setup
import { getSetupStatus } from './setup/get-setup-status';
import { postSetup } from './setup/post-setup';

// auth
import { postLogin } from './auth/post-login';
import { postLogout } from './auth/post-logout';
import { postRegister } from './auth/post-register';
import { getExternalComplete } from './auth/get-external-complete';
import { getExternalCallback } from './auth/get-external-callback';
import { getExternalStart } from './auth/get-external-start';
import { getMe } from './auth/get-me';

// instance
import { getInstance } from './instance/get-instance';
import { listInstanceAudit } from './instance/list-instance-audit';
import { getDiagnostics } from './instance/get-diagnostics';

// workspaces
import { listWorkspaces } from './workspaces/list-workspaces';
import { createWorkspace } from './workspaces/create-workspace';
import { listProjects } from './workspaces/list-projects';
import { createProject } from './workspaces/create-project';
import { listWorkspaceAudit } from './workspaces/list-workspace-audit';
import { listAgentTokens } from './workspaces/list-agent-tokens';
import { createAgentToken } from './workspaces/create-agent-token';
import { revokeAgentToken } from './workspaces/revoke-agent-token';

// projects
import { getProject } from './projects/get-project';
import { updateProject } from './projects/update-project';
import { deleteProject } from './projects/delete-project';

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
import { listScenarios } from './scenarios/list-scenarios';
import { createScenario } from './scenarios/create-scenario';
import { getScenario } from './scenarios/get-scenario';
import { replaceScenario } from './scenarios/replace-scenario';
import { deleteScenario } from './scenarios/delete-scenario';
import { runScenario } from './scenarios/run-scenario';

// exports
import { exportViewSvg } from './exports/export-view-svg';
import { exportViewFlowchart } from './exports/export-view-flowchart';
import { exportArchitectureDsl } from './exports/export-architecture-dsl';

// streams
import { listRevisions } from './streams/list-revisions';
import { diffModel } from './streams/diff-model';
import { createRevision } from './streams/create-revision';
import { listBranches } from './streams/list-branches';
import { getBranch } from './streams/get-branch';
import { getBranchReview } from './streams/get-branch-review';
import { createBranch } from './streams/create-branch';
import { mergeBranch } from './streams/merge-branch';
import { discardBranch } from './streams/discard-branch';

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
import { getCostSheet } from './costs/get-cost-sheet';
import { copyCostSheet } from './costs/copy-cost-sheet';
import { createCostResource } from './costs/create-cost-resource';
import { replaceCostResource } from './costs/replace-cost-resource';
import { deleteCostResource } from './costs/delete-cost-resource';
import { createCostAssumption } from './costs/create-cost-assumption';
import { replaceCostAssumption } from './costs/replace-cost-assumption';
import { deleteCostAssumption } from './costs/delete-cost-assumption';
import { getCostEstimate } from './costs/get-cost-estimate';
import { compareCostEstimates } from './costs/compare-cost-estimates';
import { listSavedEstimates } from './costs/list-saved-estimates';
import { saveEstimate } from './costs/save-estimate';
import { getSavedEstimate } from './costs/get-saved-estimate';
import { deleteSavedEstimate } from './costs/delete-saved-estimate';
import { listProjectPrices } from './costs/list-project-prices';

// promises
import { listPromises } from './promises/list-promises';
import { createPromise } from './promises/create-promise';
import { getPromise } from './promises/get-promise';
import { replacePromiseDraft } from './promises/replace-promise-draft';
import { approvePromise } from './promises/approve-promise';
import { createPromiseRun } from './promises/create-promise-run';
import { listPromiseRuns } from './promises/list-promise-runs';

// load-tests
import { listLoadTestTargets } from './load-tests/list-targets';
import { createLoadTestTarget } from './load-tests/create-target';
import { replaceLoadTestTarget } from './load-tests/replace-target';
import { deleteLoadTestTarget } from './load-tests/delete-target';
import { authoriseLoadTestTarget } from './load-tests/authorise-target';
import { withdrawLoadTestAuthorisation } from './load-tests/withdraw-authorisation';
import { overrideLoadTestTarget } from './load-tests/override-target';
import { listStressProfiles } from './load-tests/list-profiles';
import { createStressProfile } from './load-tests/create-profile';
import { getStressProfile } from './load-tests/get-profile';
import { deleteStressProfile } from './load-tests/delete-profile';
import { getStressDefaults } from './load-tests/get-stress-defaults';
import { listLoadTestScripts } from './load-tests/list-scripts';
import { createLoadTestScript } from './load-tests/create-script';
import { getLoadTestScript } from './load-tests/get-script';
import { listLoadTestStressRuns } from './load-tests/list-stress-runs';
import { startLoadTestStressRun } from './load-tests/start-stress-run';
import { finishLoadTestStressRun } from './load-tests/finish-stress-run';
import { listLoadTestResults } from './load-tests/list-results';
import { createLoadTestResult } from './load-tests/create-result';
import { getLoadTestResult } from './load-tests/get-result';
import { deleteLoadTestResult } from './load-tests/delete-result';
import { compareLoadTestEstimate } from './load-tests/compare-estimate';
import { compareLoadTestResults } from './load-tests/compare-results';

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
import { listMembers } from './members/list-members';
import { changeMemberRole } from './members/change-member-role';
import { removeMember } from './members/remove-member';
import { listInvitations } from './members/list-invitations';
import { createInvitation } from './members/create-invitation';
import { revokeInvitation } from './members/revoke-invitation';
import { listMyInvitations } from './members/list-my-invitations';
import { lookUpInvitation } from './members/look-up-invitation';
import { acceptInvitation } from './members/accept-invitation';
import { declineInvitation } from './members/decline-invitation';
import { registerThroughInvitation } from './members/register-through-invitation';

// sources
import { listSources } from './sources/list-sources';
import { createSource } from './sources/create-source';
import { uploadModelFile } from './sources/upload-model-file';
import { listRepositories } from './sources/list-repositories';
import { bulkAddSources } from './sources/bulk-add-sources';
import { getPushSettings } from './sources/get-push-settings';
import { pushSnapshot } from './sources/push-snapshot';
import { getDrift } from './sources/get-drift';
import { getCheckSettings } from './sources/get-check-settings';
import { checkDrift } from './sources/check-drift';
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
import { getScanImpact } from './scans/get-impact';
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
import { listPrices } from './prices/list-prices';
import { createPrice } from './prices/create-price';
import { importPriceCsv } from './prices/import-price-csv';
import { searchAzureMeters } from './prices/search-azure-meters';
import { importAzurePrice } from './prices/import-azure-price';
import { listAwsServices } from './prices/list-aws-services';
import { listAwsRegions } from './prices/list-aws-regions';
import { searchAwsPrices } from './prices/search-aws-prices';
import { importAwsPrices } from './prices/import-aws-prices';
import { listGcpServices } from './prices/list-gcp-services';
import { searchGcpSkus } from './prices/search-gcp-skus';
import { importGcpPrices } from './prices/import-gcp-prices';
import { deletePrice } from './prices/delete-price';

// secrets
import { listSecrets } from './secrets/list-secrets';
import { putSecret } from './secrets/put-secret';
import { deleteSecret } from './secrets/delete-secret';

// webhooks
import { listWebhookDeliveries } from './webhooks/list-webhook-deliveries';

// web
import { serveWebFile } from './web/serve-web-file';

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
import { findPaths } from './graph/find-paths';
import { getImpact } from './graph/get-impact';

// reference
import { getOpenApiDocument } from './reference/get-openapi-document';
import { getReferencePage } from './reference/get-reference-page';
import { getReferenceFile } from './reference/get-reference-file';

export const endpoints: readonly Endpoint[] = Object.freeze([
  // health
  ...getHealth,
  getHealthLive,

  // setup
  getSetupStatus,
  postSetup,

  // auth
  postLogin,
  postLogout,
  postRegister,
  getExternalComplete,
  getExternalCallback,
  getExternalStart,
  getMe,

  // instance
  getInstance,
  listInstanceAudit,
  getDiagnostics,

  // workspaces
  listWorkspaces,
  createWorkspace,
  listProjects,
  createProject,
  listWorkspaceAudit,
  listAgentTokens,
  createAgentToken,
  revokeAgentToken,

  // projects
  getProject,
  updateProject,
  deleteProject,

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
  listScenarios,
  createScenario,
  getScenario,
  replaceScenario,
  deleteScenario,
  runScenario,

  // exports
  exportViewSvg,
  exportViewFlowchart,
  exportArchitectureDsl,

  // streams
  listRevisions,
  diffModel,
  createRevision,
  listBranches,
  getBranch,
  getBranchReview,
  createBranch,
  mergeBranch,
  discardBranch,

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
  getCostSheet,
  copyCostSheet,
  createCostResource,
  replaceCostResource,
  deleteCostResource,
  createCostAssumption,
  replaceCostAssumption,
  deleteCostAssumption,
  getCostEstimate,
  compareCostEstimates,
  listSavedEstimates,
  saveEstimate,
  getSavedEstimate,
  deleteSavedEstimate,
  listProjectPrices,

  // promises
  listPromises,
  createPromise,
  getPromise,
  replacePromiseDraft,
  approvePromise,
  createPromiseRun,
  listPromiseRuns,

  // load-tests
  listLoadTestTargets,
  createLoadTestTarget,
  replaceLoadTestTarget,
  deleteLoadTestTarget,
  authoriseLoadTestTarget,
  withdrawLoadTestAuthorisation,
  overrideLoadTestTarget,
  listStressProfiles,
  createStressProfile,
  getStressProfile,
  deleteStressProfile,
  getStressDefaults,
  listLoadTestScripts,
  createLoadTestScript,
  getLoadTestScript,
  listLoadTestStressRuns,
  startLoadTestStressRun,
  finishLoadTestStressRun,
  listLoadTestResults,
  createLoadTestResult,
  getLoadTestResult,
  deleteLoadTestResult,
  compareLoadTestEstimate,
  compareLoadTestResults,

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
  listMembers,
  changeMemberRole,
  removeMember,
  listInvitations,
  createInvitation,
  revokeInvitation,
  listMyInvitations,
  lookUpInvitation,
  acceptInvitation,
  declineInvitation,
  registerThroughInvitation,

  // sources
  listSources,
  createSource,
  uploadModelFile,
  listRepositories,
  bulkAddSources,
  getPushSettings,
  pushSnapshot,
  getDrift,
  getCheckSettings,
  checkDrift,
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
  getScanImpact,
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
  listPrices,
  createPrice,
  importPriceCsv,
  searchAzureMeters,
  importAzurePrice,
  listAwsServices,
  listAwsRegions,
  searchAwsPrices,
  importAwsPrices,
  listGcpServices,
  searchGcpSkus,
  importGcpPrices,
  deletePrice,

  // secrets
  listSecrets,
  putSecret,
  deleteSecret,

  // webhooks
  listWebhookDeliveries,

  // web
  ...serveWebFile,

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
  findPaths,
  getImpact,

  // reference
  getOpenApiDocument,
  getReferencePage,
  getReferenceFile,
]);

/** Every route of the service. */
export const serviceRoutes = endpoints;
