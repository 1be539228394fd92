/**
 * A person's decisions on a flow proposal (docs/ai-proposals.md "Flow
 * proposals"): create a missing record, accept (the scenario is written),
 * reject. Each runs in one transaction holding the proposal's row lock, so
 * two decisions on one proposal go one at a time and nothing is half written.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { FieldError } from '../../platform/errors/error-codes';
import { ConflictError, ServiceError, ValidationError } from '../../platform/errors/service-error';
import { editModelRecord } from '../../core/model/edit-model-record';
import { loadModelSnapshot } from '../../core/model/model-store';
import { branchOrMain, lockStream } from '../../core/model/stream-store';
import { readScenarioDocument, type ScenarioDocument } from '../../core/playback/scenario-document';
import { validateScenario } from '../../core/playback/validate-scenario';
import { scenarioFingerprints } from '../scenarios/scenario-fingerprints';
import { insertScenario, replaceScenario, type ScenarioOrigin } from '../scenarios/scenario-store';
import type { PlannedFlow } from './plan-flow-proposal';
import { lockProposal, updateProposal, type ProposalRow } from './proposal-store';

export interface Decider {
  db: Kysely<Database>;
  projectId: string;
  proposalId: string;
  actor: string;
  now: Date;
}

/** 409 `conflict` for a proposal no longer open. */
function decidedAlready(row: ProposalRow): ConflictError {
  return new ConflictError('Proposal decided', `The proposal is ${row.status}; only an open proposal can be decided.`);
}

/** 409 `proposal_stale`: the model (or the revised scenario) moved since the proposal, or a record it needs is not created. */
function stale(errors: FieldError[]): ConflictError {
  return new ConflictError(
    'Proposal stale',
    `The proposal no longer fits: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}. Create the missing records, or ask again for a proposal against the model as it is now.`,
    errors,
    'proposal_stale',
  );
}

/**
 * POST …/missing/{alias}/create: writes the record through the model's edit
 * path (every import rule applies) into the proposal's stream, and binds the
 * alias to its ID. 400 for an alias the proposal does not have; 409 when the
 * proposal is decided, the record was created already, or a record it names
 * (by alias) is not created yet. The proposal's model version follows the
 * write when nothing else changed the model since, so its own records never
 * make it stale.
 */
export async function createMissingItem(decider: Decider, alias: string): Promise<ProposalRow> {
  return decider.db.transaction().execute(async (trx) => {
    const row = await lockProposal(trx, decider.projectId, 'flow', decider.proposalId);
    if (row.status !== 'open') throw decidedAlready(row);
    const flow = row.content as PlannedFlow;
    const item = flow.missing.find((m) => m.alias === alias);
    if (!item) throw new ValidationError('Unknown alias', [{ field: 'alias', message: 'names no missing record of this proposal' }]);
    if (item.createdId !== null) throw new ConflictError('Already created', `The record of ${alias} was created as ${item.createdId}.`);
    const waiting = item.needs.filter((need) => flow.missing.find((m) => m.alias === need)?.createdId === null);
    if (waiting.length > 0) throw new ConflictError('Create the records it names first', `${alias} names ${waiting.join(', ')}, not created yet.`, waiting.map((w) => ({ field: `missing.${w}`, message: 'is not created yet' })));

    const stream = await branchOrMain(trx, decider.projectId, row.branch_id);
    const before = await lockStream(trx, stream.id);
    const written = await editModelRecord(trx, { streamId: stream.id, modelStreamId: decider.projectId, kind: item.kind, edit: { type: 'create', entry: item.record }, actor: decider.actor, now: decider.now });
    const missing = flow.missing.map((m) => (m.alias === alias ? { ...m, createdId: item.id, createdBy: decider.actor, createdAt: decider.now.toISOString() } : m));
    return updateProposal(trx, row.id, {
      content: { ...flow, missing },
      ...(before === row.model_version ? { modelVersion: written.modelVersion } : {}),
      now: decider.now,
    });
  });
}

/** An accept request (docs/ai-proposals.md "Accept"): the new scenario's ID and name, both optional. */
export interface AcceptFlowRequest {
  scenarioId: string | null;
  name: string | null;
}

/** What names the proposal in the scenario's `origin`. */
function originOf(row: ProposalRow): ScenarioOrigin {
  return { kind: 'ai-proposal', proposalId: row.id, provider: row.provider_kind ?? 'submitted', model: row.model ?? 'none' };
}

async function writeScenario(trx: Transaction<Database>, row: ProposalRow, scenario: ScenarioDocument, decider: Decider): Promise<string> {
  const origin = originOf(row);
  // The scenario create and replace path: the reader first, then the store.
  const mode = row.revise_scenario_id === null ? 'create' : 'replace';
  const read = readScenarioDocument(scenario, { mode, pathId: scenario.id });
  if (!read.ok) throw new ServiceError(read.type, read.title, { errors: read.errors });
  const { origin: _ignored, ...document } = read.scenario;
  if (mode === 'create') {
    await insertScenario(trx, { projectId: decider.projectId, id: scenario.id, name: document.name, document: document as unknown as Record<string, unknown>, origin, actor: decider.actor, now: decider.now });
  } else {
    await replaceScenario(trx, { projectId: decider.projectId, id: scenario.id, name: document.name, document: document as unknown as Record<string, unknown>, now: decider.now, origin });
  }
  return scenario.id;
}

/**
 * POST …/accept: writes the proposal's scenario (a new one, or the revised
 * one replaced) with origin `ai-proposal`, in one transaction holding the
 * stream's lock. 409 `proposal_stale` when the model's version moved since
 * the proposal (other than by its own records), a missing record is not
 * created, or the revised scenario changed or is gone; 409 `conflict` when
 * the proposal is decided or the scenario ID is taken.
 */
export async function acceptFlowProposal(decider: Decider, request: AcceptFlowRequest): Promise<ProposalRow> {
  return decider.db.transaction().execute(async (trx) => {
    const row = await lockProposal(trx, decider.projectId, 'flow', decider.proposalId);
    if (row.status !== 'open') throw decidedAlready(row);
    const flow = row.content as PlannedFlow;
    if (row.revise_scenario_id !== null && request.scenarioId !== null && request.scenarioId !== row.revise_scenario_id) {
      throw new ValidationError('Wrong scenario', [{ field: 'scenarioId', message: 'must be the revised scenario or left out: this proposal revises a scenario' }]);
    }

    const stream = await branchOrMain(trx, decider.projectId, row.branch_id);
    const version = await lockStream(trx, stream.id);
    const problems: FieldError[] = [];
    if (version !== row.model_version) problems.push({ field: 'modelVersion', message: `was ${row.model_version} when the proposal was made; the model is at ${version} now` });
    for (const item of flow.missing) if (item.createdId === null) problems.push({ field: `missing.${item.alias}`, message: 'is not created yet' });
    if (row.revise_scenario_id !== null) {
      const hash = (await scenarioFingerprints(trx, decider.projectId, [row.revise_scenario_id])).get(row.revise_scenario_id);
      if (hash === undefined) problems.push({ field: 'reviseScenarioId', message: 'names a scenario that was deleted since the proposal' });
      else if (hash !== row.revise_scenario_hash) problems.push({ field: 'reviseScenarioId', message: 'names a scenario that changed since the proposal' });
    }
    if (problems.length > 0) throw stale(problems);

    const scenario: ScenarioDocument = { ...flow.scenario, id: row.revise_scenario_id ?? request.scenarioId ?? flow.scenario.id, name: request.name ?? flow.scenario.name };
    // The same version with every record created: the checks of the proposal hold, and say so once more.
    const issues = validateScenario({ model: await loadModelSnapshot(trx, stream.id), scenario, monotonicNowMs: () => performance.now() });
    if (issues.length > 0) throw stale(issues.map((issue) => ({ field: 'scenario', message: `${issue.code}: ${issue.message}` })));

    const scenarioId = await writeScenario(trx, row, scenario, decider);
    return updateProposal(trx, row.id, { status: 'accepted', scenarioId, decided: { by: decider.actor, at: decider.now }, now: decider.now });
  });
}

/** POST …/reject: the proposal is rejected; nothing else changes. 409 when it is decided already. */
export async function rejectFlowProposal(decider: Decider): Promise<ProposalRow> {
  return decider.db.transaction().execute(async (trx) => {
    const row = await lockProposal(trx, decider.projectId, 'flow', decider.proposalId);
    if (row.status !== 'open') throw decidedAlready(row);
    return updateProposal(trx, row.id, { status: 'rejected', decided: { by: decider.actor, at: decider.now }, now: decider.now });
  });
}
