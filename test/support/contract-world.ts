/**
 * The fixture world of the contract test (test/http/openapi-contract.test.ts):
 * a workspace with an owner (the instance administrator), an editor, a viewer
 * and a person invited; agent tokens; a project holding a small model, a
 * scenario, a view, a branch, a revision and more. Examples in
 * functions/<group>/contract.ts name its values in braces (`{projectId}`).
 * Records an example removes have twins of their own here (`doomed…`), so
 * examples do not depend on their order.
 */
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { extractFiles } from '../../lib/core/extract/extract-files';
import { extractionRulesVersion } from '../../lib/core/extract/rules-version';
import { walkDirectory } from '../../lib/core/extract/walk-directory';
import { scenarioDocuments } from './agent-fixtures';
import { billingItems, checkoutFlow, placeOrderFlow, shopModel } from './ai-proposal-fixtures';
import type { ContractWorld } from './contract-check';
import { strongPassword } from './http-client';
import { fullModelDocument, idFor, type ModelService } from './model-api';

export const worldSeed = '6f1c2a34-5b6d-4e7f-8091-a2b3c4d5e6f7';

/** A GUID of the world's model by its label in fullModelDocument (`customer`, `o-place`, …). */
export const modelId = (label: string) => idFor(worldSeed, label);

/**
 * fullModelDocument with, for each kind, a spare record (the replace examples
 * rewrite it) and a doomed one (the delete examples remove it); nothing refers
 * to either.
 */
function worldModelDocument() {
  const document = fullModelDocument(worldSeed);
  const lists = document as unknown as Record<string, unknown[]>;
  // An operation named by its HTTP signature: what a load-test script can call.
  lists.operations!.push({ id: modelId('o-http'), ownerId: modelId('orders'), name: 'GET /orders', transport: 'http', requestSchemaId: null, responseSchemaId: null, timeoutMs: 2000, retry: { maxAttempts: 2, backoffMs: 100 }, factStatus: 'declared', provenance: null, stale: null });
  for (const role of ['spare', 'doomed']) {
    const id = (kind: string) => modelId(`${role}-${kind}`);
    const fact = { factStatus: 'declared', provenance: null, stale: null };
    lists.elements!.push({ id: id('element'), kind: 'system', name: `${role} system`, description: null, technology: null, status: 'current', parentId: null, tags: [], icon: null, ...fact });
    lists.relationships!.push({ id: id('relationship'), fromId: modelId('customer'), toId: modelId('shop'), label: role, technology: null, kind: 'structural', lineShape: null, ...fact });
    lists.messages!.push({ id: id('message'), name: `${role} message`, description: null, producerId: modelId('orders'), consumerIds: [], schemaId: null, tags: [], ...fact });
    lists.schemas!.push({ id: id('schema'), name: `${role} schema`, description: null, content: '{}', version: 1 });
    lists.operations!.push({ id: id('operation'), ownerId: modelId('orders'), name: `${role} operation`, transport: 'http', requestSchemaId: null, responseSchemaId: null, timeoutMs: null, retry: null, ...fact });
    lists.channels!.push({ id: id('channel'), name: `${role}-channel`, kind: 'queue', ...fact });
    lists.subscriptions!.push({ id: id('subscription'), channelId: modelId('c-topic'), consumerId: modelId('orders'), retry: null, deadLetterChannelId: null, ...fact });
    lists.bindings!.push({ id: id('binding'), sourceChannelId: modelId('c-topic'), targetChannelId: modelId('c-exchange'), routingKey: `${role}.#`, ...fact });
  }
  return document;
}

/**
 * The fixture workspace's settings overrides: share links allowed; the Azure
 * price search off and git hosts unreachable (no catalog or host answers here).
 */
export const worldSettings = {
  sharing: { linkPolicy: 'public' },
  cost: { azurePricesBaseUrl: '' },
  // Git hosts at a closed local port: a call answers 502 at once, on any machine.
  github: { apiBaseUrl: 'http://127.0.0.1:9' },
  gitlab: { apiBaseUrl: 'http://127.0.0.1:9' },
};

export async function buildContractWorld(m: ModelService): Promise<ContractWorld> {
  const values: Record<string, unknown> = {};
  const ok = async (method: string, path: string, options: Parameters<ModelService['api']>[2] = {}, status = [200, 201]) => {
    const answer = await m.api(method, path, { session: m.admin.session, ...options });
    expect(status, `${method} ${path}: ${answer.status} ${answer.text.slice(0, 500)}`).toContain(answer.status);
    return answer.json;
  };

  const workspaceId = await m.createWorkspace('Contract');
  const editor = await m.newPerson('editor@contract.test', [{ workspaceId, role: 'editor' }]);
  const viewer = await m.newPerson('viewer@contract.test', [{ workspaceId, role: 'viewer' }]);
  const invitee = await m.newPerson('invitee@contract.test');
  values.spareMemberUserId = (await m.newPerson('spare@contract.test', [{ workspaceId, role: 'editor' }])).id;
  values.doomedMemberUserId = (await m.newPerson('doomed@contract.test', [{ workspaceId, role: 'viewer' }])).id;
  const otherWorkspaceId = await m.createWorkspace('Other');
  const invite = async (inWorkspace: string, email: string) => ok('POST', `/api/workspaces/${inWorkspace}/invitations`, { json: { email, role: 'viewer' } });
  const toAccept = await invite(workspaceId, 'invitee@contract.test');
  Object.assign(values, { invitationToAcceptId: toAccept.id, invitationToAcceptSecret: toAccept.secret });
  values.invitationToDeclineId = (await invite(otherWorkspaceId, 'invitee@contract.test')).id;
  values.doomedInvitationId = (await invite(workspaceId, 'someone@contract.test')).id;
  const newcomer = await invite(workspaceId, 'newcomer@contract.test');
  Object.assign(values, { newcomerInvitationId: newcomer.id, newcomerInvitationSecret: newcomer.secret });
  Object.assign(values, { workspaceId, adminUserId: m.admin.id, editorUserId: editor.id, viewerUserId: viewer.id, inviteeUserId: invitee.id, strongPassword });

  const project = await m.createProject(workspaceId, 'Shop');
  values.projectId = project.id;
  const doomedProject = await m.createProject(workspaceId, 'Doomed');
  values.doomedProjectId = doomedProject.id;
  const imported = await m.importModel(project.id, worldModelDocument());
  expect(imported.status, imported.text).toBe(200);
  for (const kind of ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding']) {
    values[`spare_${kind}`] = modelId(`spare-${kind}`);
    values[`doomed_${kind}`] = modelId(`doomed-${kind}`);
  }
  for (const label of ['customer', 'shop', 'web', 'orders', 'db', 'checkout', 'r-buys', 'm-placed', 's-order', 'o-place', 'o-cmd', 'o-http', 'c-exchange', 'c-queue', 'c-topic', 'sub-web', 'b-keyed']) {
    values[`model_${label.replaceAll('-', '_')}`] = modelId(label);
  }

  const readToken = await m.createToken(workspaceId, ['read']);
  const pushToken = await m.createToken(workspaceId, ['read', 'push']);
  const tokens = await ok('GET', `/api/workspaces/${workspaceId}/agent-tokens`);
  values.doomedTokenId = (await ok('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { json: { name: 'doomed', scopes: ['read'], projectId: null, expiresAt: null } })).id;
  values.tokenId = tokens.items[0].id;

  // Share links need a sharing policy that allows them.
  const settingsPath = `/api/workspaces/${workspaceId}/settings`;
  const settings = await m.api('GET', settingsPath, { session: m.admin.session });
  const shared = await m.api('PUT', settingsPath, { session: m.admin.session, json: worldSettings, headers: { 'if-match': settings.headers.get('etag')! } });
  expect(shared.status, shared.text).toBe(200);
  values.workspaceSettingsEtag = shared.headers.get('etag');
  const instanceSettings = await m.api('GET', '/api/instance/settings', { session: m.admin.session });
  Object.assign(values, { instanceSettingsEtag: instanceSettings.headers.get('etag'), instancePolicy: instanceSettings.json.policy, instanceDefaults: instanceSettings.json.defaults });

  const projectPath = `/api/projects/${project.id}`;
  const view = async (name: string) => (await ok('POST', `${projectPath}/views`, { json: { name, rootElementId: null } })).id;
  values.viewId = await view('Everything');
  values.spareViewId = await view('Spare');
  values.doomedViewId = await view('Doomed');
  const link = async () => ok('POST', `${projectPath}/views/${values.viewId}/share-links`, { json: { password: null, expiresAt: null } });
  const shareLink = await link();
  Object.assign(values, { shareLinkId: shareLink.id, shareToken: shareLink.token });
  values.doomedShareLinkId = (await link()).id;
  values.revisionId = (await ok('POST', `${projectPath}/revisions`, { json: { name: 'First' } })).id;
  values.branchId = (await ok('POST', `${projectPath}/branches`, { json: { name: 'Draft', kind: 'draft' } })).id;
  values.mergeBranchId = (await ok('POST', `${projectPath}/branches`, { json: { name: 'To merge', kind: 'draft' } })).id;
  values.doomedBranchId = (await ok('POST', `${projectPath}/branches`, { json: { name: 'Doomed', kind: 'variant' } })).id;

  const scenarios = scenarioDocuments(worldSeed);
  const scenario = async (id: string, name: string) => {
    await ok('POST', `${projectPath}/scenarios`, { json: { ...scenarios.passing, id, name } });
    return id;
  };
  values.scenarioId = await scenario(scenarios.passing.id, scenarios.passing.name);
  values.spareScenarioId = await scenario(modelId('spare-scenario'), 'Spare');
  values.doomedScenarioId = await scenario(modelId('doomed-scenario'), 'Doomed');

  // Costs: a price, a sheet with resources and assumptions on main, saved estimates.
  const pricePath = `/api/workspaces/${workspaceId}/prices`;
  const price = (sku: string) => ok('POST', pricePath, { json: { provider: 'azure', region: 'westeurope', sku, description: null, unit: '1 Hour', unitPrice: '0.096', currency: 'EUR', effectiveDate: '2025-01-01' } });
  values.priceId = (await price('D2s v5')).id;
  values.doomedPriceId = (await price('B1s')).id;
  const costs = `${projectPath}/costs`;
  const assumptionOf = (name: string) => ({ id: null, name, kind: 'usage', subjectId: null, value: '730', unit: 'hours', label: 'declared', source: null, effectiveDate: '2025-01-01' });
  const lastId = (sheet: { assumptions?: { id: string }[]; resources?: { id: string }[] }, list: 'assumptions' | 'resources') => sheet[list]!.at(-1)!.id;
  values.assumptionId = lastId(await ok('POST', `${costs}/assumptions`, { json: assumptionOf('Hours per month') }), 'assumptions');
  values.spareAssumptionId = lastId(await ok('POST', `${costs}/assumptions`, { json: assumptionOf('Spare') }), 'assumptions');
  values.doomedAssumptionId = lastId(await ok('POST', `${costs}/assumptions`, { json: assumptionOf('Doomed') }), 'assumptions');
  const resourceOf = (name: string) => ({ id: null, elementId: modelId('orders'), name, category: 'compute', provider: 'azure', region: 'westeurope', sku: 'D2s v5', quantity: '1', unit: null, priceRef: values.priceId, usage: [{ label: 'Hours', quantity: null, assumptionId: values.assumptionId, unit: 'hours' }], factStatus: null, provenance: null });
  values.resourceId = lastId(await ok('POST', `${costs}/resources`, { json: resourceOf('Web servers') }), 'resources');
  values.spareResourceId = lastId(await ok('POST', `${costs}/resources`, { json: resourceOf('Spare servers') }), 'resources');
  values.doomedResourceId = lastId(await ok('POST', `${costs}/resources`, { json: resourceOf('Doomed servers') }), 'resources');
  values.estimateId = (await ok('POST', `${costs}/estimates`, { json: { name: 'May', asOf: '2025-05-01' } })).id;
  values.doomedEstimateId = (await ok('POST', `${costs}/estimates`, { json: { name: 'Doomed', asOf: '2025-05-01' } })).id;

  // A promise whose draft the draft and approve examples change; the create example makes another.
  values.sparePromiseId = (await ok('POST', `${projectPath}/promises`, { json: { title: 'Spare promise', text: '', links: [], obligations: [{ kind: 'manual', title: 'Reviewed', recipe: null }] } })).id;
  values.promiseId = (await ok('POST', `${projectPath}/promises`, { json: { title: 'Rebuild works', text: '', links: [], obligations: [{ kind: 'scenario-check', title: 'Rebuild passes', recipe: { scenarioId: values.scenarioId } }] } })).id;

  // Sources and scans: two pushes of the shop fixture (two snapshots, a completed scan with proposals), an archive,
  // an upload and a doomed Source.
  const extracted = await extractFiles(walkDirectory(resolve(import.meta.dirname, '../fixtures/shop')), {});
  const pushBody = {
    name: 'shop checkout',
    commitSha: 'e'.repeat(40),
    rules: [{ name: 'extraction', version: extractionRulesVersion }],
    scope: { includePaths: [], excludePaths: [], excludeGlobs: [], limits: { maxFiles: 2000, maxFileBytes: 262144, maxTotalBytes: 20971520 } },
    files: Object.entries(extracted.blobShas).map(([path, blobSha]) => ({ path, blobSha, size: 1 })),
    skipped: extracted.skipped,
    facts: extracted.facts,
    isComplete: extracted.isComplete,
    extractionGap: extracted.extractionGap,
    filesListed: extracted.filesListed,
  };
  values.pushBody = { ...pushBody, name: 'example checkout' };
  const push = async (body = pushBody) => {
    const answer = await m.api('POST', `${projectPath}/sources/push`, { token: pushToken, json: body });
    expect(answer.status, answer.text).toBe(201);
    return answer.json as { sourceId: string; scanId: string; snapshotId: string };
  };
  const first = await push();
  const second = await push({ ...pushBody, commitSha: 'f'.repeat(40) });
  Object.assign(values, { pushSourceId: second.sourceId, importId: second.scanId, firstSnapshotId: first.snapshotId, secondSnapshotId: second.snapshotId });
  const pending = await ok('GET', `${projectPath}/imports/${second.scanId}/proposals?status=pending&limit=5`);
  expect(pending.items.length, 'pending proposals of the pushed scan').toBeGreaterThanOrEqual(2);
  Object.assign(values, { proposalId: pending.items[0].id, rejectProposalId: pending.items.at(-1).id });
  values.acceptSourceId = (await push({ ...pushBody, name: 'accepted checkout' })).sourceId;
  // A scan the server ran itself keeps the files that gave evidence (a pushed one keeps none): an uploaded AsyncAPI file.
  const asyncApi = 'asyncapi: 2.6.0\ninfo:\n  title: Orders\n  version: 1.0.0\nchannels:\n  orders.placed:\n    subscribe:\n      message:\n        name: OrderPlaced\n';
  const uploaded = await ok('POST', `${projectPath}/sources/upload`, { json: { path: 'asyncapi.yaml', content: asyncApi, name: 'Design files' } }, [202]);
  values.uploadScanId = uploaded.scanId;
  for (let waited = 0; ; waited += 100) {
    const scan = await ok('GET', `${projectPath}/imports/${uploaded.scanId}`);
    if (scan.state === 'completed') break;
    expect(['queued', 'running'], `the uploaded file's scan: ${JSON.stringify(scan)}`).toContain(scan.state);
    expect(waited, 'the uploaded file is scanned within 15 s').toBeLessThan(15_000);
    await new Promise((r) => setTimeout(r, 100));
  }
  const evidence = await ok('GET', `${projectPath}/imports/${uploaded.scanId}/evidence?limit=1`);
  Object.assign(values, { evidencePath: evidence.items[0].path, evidenceStartLine: String(evidence.items[0].startLine), evidenceEndLine: String(evidence.items[0].endLine) });
  const source = async (kind: string, name: string) => (await ok('POST', `${projectPath}/sources`, { json: { kind, name, repository: null } })).id;
  values.archiveSourceId = await source('archive', 'Archive');
  values.sourceId = values.archiveSourceId;
  values.uploadSourceId = await source('upload', 'Traces');
  values.doomedSourceId = await source('archive', 'Doomed');

  // Load tests: targets (one authorised, with a script, a stress run and two results), a profile, doomed twins.
  const lt = `${projectPath}/load-tests`;
  const newTarget = async (operation: string) => ok('POST', `${lt}/targets`, { json: { kind: 'operation', id: modelId(operation), stepId: null } });
  const mainTarget = await newTarget('o-http');
  Object.assign(values, { targetId: mainTarget.id, targetName: mainTarget.name });
  values.spareTargetId = (await newTarget('o-get')).id;
  values.doomedTargetId = (await newTarget('o-cmd')).id;
  await ok('POST', `${lt}/targets/${mainTarget.id}/authorise`, { json: { baseUrl: 'http://127.0.0.1:8080', environment: 'staging', version: null } });
  values.profileId = (await ok('POST', `${lt}/profiles`, { json: { shape: 'steady', name: 'Steady', durationSeconds: 60, warmUpSeconds: 0 } })).id;
  values.doomedProfileId = (await ok('POST', `${lt}/profiles`, { json: { shape: 'soak', name: 'Doomed' } })).id;
  values.scriptId = (await ok('POST', `${lt}/scripts`, { json: { targetId: mainTarget.id, profileId: values.profileId } })).id;
  values.runId = (await ok('POST', `${lt}/runs`, { json: { scriptId: values.scriptId } })).id;
  const result = (p95: number) => ({ tool: 'locust 2.31', iterations: 50, operations: [{ operationId: modelId('o-http'), name: 'GET /orders', count: 60, failures: 3, p50Ms: 10, p90Ms: 20, p95Ms: p95, p99Ms: 40, throughputPerSecond: 1 }] });
  values.resultId = (await ok('POST', `${lt}/results?scriptId=${values.scriptId}`, { json: result(25) })).id;
  values.secondResultId = (await ok('POST', `${lt}/results?scriptId=${values.scriptId}`, { json: result(35) })).id;
  values.doomedResultId = (await ok('POST', `${lt}/results?scriptId=${values.scriptId}`, { json: result(30) })).id;
  values.promiseRunId = (await ok('POST', `${projectPath}/promises/${values.promiseId}/runs`, { json: { obligation: 'O1', draft: true } })).id;

  // Comments and their webhook events. A webhook URL first, so every comment below queues its events (the
  // delivery log lists them); no receiver secret is set, so none is ever sent.
  const settingsNow = await m.api('GET', settingsPath, { session: m.admin.session });
  const hooked = await m.api('PUT', settingsPath, { session: m.admin.session, json: { ...worldSettings, notifications: { webhookUrl: 'http://127.0.0.1:9/hooks' } }, headers: { 'if-match': settingsNow.headers.get('etag')! } });
  expect(hooked.status, hooked.text).toBe(200);
  values.workspaceSettingsEtag = hooked.headers.get('etag');
  // A thread on an element: the editor's first comment (the edit example changes it), the viewer's reply (the
  // delete example removes it), a reply deleted here (a tombstone) and a decision.
  const threads = `${projectPath}/threads`;
  const asPerson = (session: string, method: string, path: string, json?: unknown) => ok(method, path, { session, ...(json === undefined ? {} : { json }) });
  const thread = await asPerson(editor.session, 'POST', threads, { target: { kind: 'element', id: modelId('orders') }, body: 'Does orders still own the payment step?', mentions: ['viewer@contract.test'] });
  Object.assign(values, { threadId: thread.id, commentId: thread.comments[0].id });
  values.doomedCommentId = (await asPerson(viewer.session, 'POST', `${threads}/${thread.id}/replies`, { body: 'I think checkout does.' })).id;
  const withdrawn = await asPerson(viewer.session, 'POST', `${threads}/${thread.id}/replies`, { body: 'Withdrawn.' });
  await ok('DELETE', `${threads}/${thread.id}/comments/${withdrawn.id}`, { session: viewer.session }, [204]);
  await asPerson(editor.session, 'POST', `${threads}/${thread.id}/raise-decision`, { title: 'Orders owns payments', decision: 'Until checkout is split.' });
  // A resolved thread that is a question: the reopen example opens it again.
  values.resolvedThreadId = (await asPerson(m.admin.session, 'POST', threads, { target: { kind: 'element', id: modelId('shop') }, body: 'Which region hosts the shop?' })).id;
  await asPerson(viewer.session, 'POST', `${threads}/${values.resolvedThreadId}/raise-question`);
  await asPerson(editor.session, 'POST', `${threads}/${values.resolvedThreadId}/resolve`);
  // AI proposals, made by submit (no AI provider answers here), in projects of their own whose models no other example
  // changes: the accept example finds its proposal current whatever the order. A workspace of its own sends private code
  // to AI, so a document of a Source reaches the (absent) provider.
  const aiSeed = 'a1c0ffee-0000-4000-8000-00000000a101';
  const acceptSeed = 'a1c0ffee-0000-4000-8000-00000000a102';
  const shopProject = async (inWorkspace: string, name: string, seed: string) => {
    const created = await m.createProject(inWorkspace, name);
    const shop = await m.importModel(created.id, shopModel(seed));
    expect(shop.status, shop.text).toBe(200);
    return created.id;
  };
  values.aiProjectId = await shopProject(workspaceId, 'Proposals', aiSeed);
  values.acceptProjectId = await shopProject(workspaceId, 'Accepted flow', acceptSeed);
  const submitFlow = async (inProject: unknown, flow: unknown) => (await ok('POST', `/api/projects/${inProject}/ai/flow-proposals/submit`, { json: { request: 'A flow', reviseScenarioId: null, flow } }, [201])).id;
  values.flowProposalId = await submitFlow(values.aiProjectId, checkoutFlow(aiSeed));
  values.rejectFlowProposalId = await submitFlow(values.aiProjectId, placeOrderFlow(aiSeed, 'To reject'));
  values.doomedFlowProposalId = await submitFlow(values.aiProjectId, placeOrderFlow(aiSeed, 'Doomed'));
  values.acceptFlowProposalId = await submitFlow(values.acceptProjectId, placeOrderFlow(acceptSeed));
  values.aiFlowOutput = placeOrderFlow(aiSeed, 'Submitted');
  values.aiArchitectureOutput = billingItems(aiSeed);
  const submitItems = async () => ok('POST', `/api/projects/${values.aiProjectId}/ai/architecture-proposals/submit`, { json: { request: 'Split out billing', proposal: billingItems(aiSeed) } }, [201]);
  const architecture = await submitItems();
  values.architectureProposalId = architecture.id;
  values.acceptItemId = architecture.items.find((item: { ref: string | null }) => item.ref === 'billing').id;
  values.rejectItemId = architecture.items.find((item: { action: string }) => item.action === 'update').id;
  values.doomedArchitectureProposalId = (await submitItems()).id;
  const documentWorkspaceId = await m.createWorkspace('AI documents');
  const documentSettings = await m.api('GET', `/api/workspaces/${documentWorkspaceId}/settings`, { session: m.admin.session });
  const privateCode = { privacy: { sendPrivateCodeToAi: true } };
  const allowed = await m.api('PUT', `/api/workspaces/${documentWorkspaceId}/settings`, { session: m.admin.session, json: privateCode, headers: { 'if-match': documentSettings.headers.get('etag')! } });
  expect(allowed.status, allowed.text).toBe(200);
  values.aiDocumentProjectId = (await m.createProject(documentWorkspaceId, 'Design')).id;
  values.aiDocumentPath = 'docs/design.md';
  const design = { path: values.aiDocumentPath, content: '# Design\nOrders call Payments to charge a card.', name: 'Design notes' };
  values.aiDocumentSourceId = (await ok('POST', `/api/projects/${values.aiDocumentProjectId}/sources/upload`, { json: design }, [202])).sourceId;

  return {
    values,
    callers: {
      owner: { session: m.admin.session },
      editor: { session: editor.session },
      viewer: { session: viewer.session },
      invitee: { session: invitee.session },
      readToken: { token: readToken },
      pushToken: { token: pushToken },
    },
  };
}
