/**
 * Making a flow proposal: from a written request through the provider the
 * settings route `proposeFlow` to, or from a flow a person submits. Both go
 * through the same checks (planFlowProposal) before anything is stored.
 */
import { randomUUID } from 'node:crypto';
import type { AiDataPart, AiUnavailableAnswer } from '../ai/ai-task';
import { runAiTask } from '../ai/run-ai-task';
import { ValidationError } from '../../platform/errors/service-error';
import type { ServiceRuntime } from '../../platform/runtime/service-runtime';
import type { ProjectRecord } from '../workspaces/project-store';
import { flowOutputSchema, type FlowOutput } from './flow-output';
import { modelDataPart, selectionDataPart } from './model-data';
import { planFlowProposal, type FlowPlanResult } from './plan-flow-proposal';
import { foreignSchemaIds, readProposalContext, type ProposalContext } from './proposal-context';
import { flowInstructions } from './proposal-instructions';
import { proposalProvenanceSource, type ProposalMaker } from './proposal-provenance';
import { countProposalCreation } from './proposal-rate-limit';
import { insertProposal, type ProposalRow } from './proposal-store';
import { documentDataPart } from './read-source-document';

/** POST …/flow-proposals, as read (part 1 "AI design proposals"). */
export interface FlowProposalRequest {
  request: string | null;
  branchId: string | null;
  reviseScenarioId: string | null;
  selection: string[] | null;
  documentSourceId: string | null;
  documentPath: string | null;
}

export type ProposalOutcome = { kind: 'created'; row: ProposalRow } | { kind: 'unavailable'; answer: AiUnavailableAnswer };

interface Maker {
  runtime: ServiceRuntime;
  project: ProjectRecord;
  actor: string;
}

/** A monotonic clock for the playback validation's schema-check budget. */
const monotonicNowMs = () => performance.now();

async function plan(runtime: ServiceRuntime, project: ProjectRecord, context: ProposalContext, proposalId: string, flow: FlowOutput, maker: ProposalMaker | null): Promise<FlowPlanResult> {
  const schemaIds = flow.missing.flatMap((m) => (m.kind === 'operation' ? [m.record.requestSchemaId, m.record.responseSchemaId].filter((id): id is string => id !== null) : []));
  return planFlowProposal({
    model: context.model,
    projectId: project.id,
    proposalId,
    scenarioId: context.revise?.scenario.id ?? randomUUID(),
    flow,
    foreignSchemaIds: await foreignSchemaIds(runtime.db, project.id, schemaIds),
    newId: randomUUID,
    provenanceSource: proposalProvenanceSource(proposalId, maker),
    monotonicNowMs,
  });
}

function store(maker: Maker, input: { proposalId: string; request: string | null; context: ProposalContext; selection: string[] | null; document: { sourceId: string; path: string } | null; provider: ProposalMaker | null; content: unknown }): Promise<ProposalRow> {
  return insertProposal(maker.runtime.db, {
    id: input.proposalId,
    projectId: maker.project.id,
    kind: 'flow',
    request: input.request,
    submitted: input.provider === null,
    branchId: input.context.stream.kind === 'main' ? null : input.context.stream.id,
    modelVersion: input.context.stream.modelVersion,
    reviseScenarioId: input.context.revise?.scenario.id ?? null,
    reviseScenarioHash: input.context.revise?.hash ?? null,
    selection: input.selection,
    document: input.document,
    provider: input.provider,
    content: input.content,
    createdBy: maker.actor,
    now: maker.runtime.now(),
  });
}

/**
 * Asks the provider for a flow. Answers the provider's unavailable answer as
 * it came, or `invalid-output` when the flow it answered does not pass the
 * checks (then nothing is stored); 429 and the privacy refusal come from runAiTask.
 */
export async function proposeFlow(maker: Maker, body: FlowProposalRequest): Promise<ProposalOutcome> {
  const { runtime, project, actor } = maker;
  if (body.request === null && body.reviseScenarioId === null && body.documentSourceId === null) {
    throw new ValidationError('Nothing to propose from', [{ field: 'request', message: 'is required unless a scenario to revise or a document is named' }]);
  }
  if ((body.documentSourceId === null) !== (body.documentPath === null)) {
    throw new ValidationError('Incomplete document', [{ field: body.documentSourceId === null ? 'documentSourceId' : 'documentPath', message: 'is required with the other document field' }]);
  }
  await countProposalCreation(runtime.db, project.id, actor, runtime.now());
  const context = await readProposalContext(runtime.db, { projectId: project.id, branchId: body.branchId, reviseScenarioId: body.reviseScenarioId, selection: body.selection, missingAs: 'not-found' });

  const data: AiDataPart[] = [];
  if (body.request !== null) data.push({ label: 'request', text: body.request, fromPrivateRepository: false });
  if (body.selection !== null && body.selection.length > 0) data.push(selectionDataPart(context.model, body.selection));
  if (context.revise) data.push({ label: 'scenario to revise', text: JSON.stringify(context.revise.scenario.document), fromPrivateRepository: false });
  if (body.documentSourceId !== null && body.documentPath !== null) {
    const fields = { source: 'documentSourceId', path: 'documentPath' };
    data.push(await documentDataPart(runtime, project.workspaceId, { projectId: project.id, sourceId: body.documentSourceId, path: body.documentPath, fields, missingAs: 'not-found' }));
  }
  data.push(modelDataPart(context.model));

  const outcome = await runAiTask(runtime, { workspaceId: project.workspaceId, projectId: project.id, task: 'proposeFlow', actor, instructions: flowInstructions, data, output: flowOutputSchema, outputName: 'flow_output' });
  if (outcome.kind === 'unavailable') return outcome;

  const proposalId = randomUUID();
  const planned = await plan(runtime, project, context, proposalId, outcome.output, outcome.call);
  if (!planned.ok) {
    return {
      kind: 'unavailable',
      answer: {
        status: 'unavailable',
        task: 'proposeFlow',
        reason: 'invalid-output',
        // Never the answer's own text: how many problems, not what it said.
        detail: `The provider's flow did not pass the scenario and model checks (${planned.errors.length} problem${planned.errors.length === 1 ? '' : 's'}); nothing was stored.`,
        providerId: outcome.call.providerId,
        callId: outcome.call.callId,
      },
    };
  }
  const document = body.documentSourceId !== null && body.documentPath !== null ? { sourceId: body.documentSourceId, path: body.documentPath } : null;
  const row = await store(maker, { proposalId, request: body.request, context, selection: body.selection, document, provider: outcome.call, content: planned.flow });
  return { kind: 'created', row };
}

/** Stores a flow a person wrote, through the same checks as a provider's; 400 naming each problem. */
export async function submitFlow(maker: Maker, body: { request: string | null; reviseScenarioId: string | null; flow: FlowOutput }): Promise<ProposalRow> {
  const { runtime, project, actor } = maker;
  await countProposalCreation(runtime.db, project.id, actor, runtime.now());
  const context = await readProposalContext(runtime.db, { projectId: project.id, branchId: null, reviseScenarioId: body.reviseScenarioId, selection: null, missingAs: 'not-found' });
  const proposalId = randomUUID();
  const planned = await plan(runtime, project, context, proposalId, body.flow, null);
  if (!planned.ok) throw new ValidationError('Flow refused', planned.errors);
  return store(maker, { proposalId, request: body.request, context, selection: null, document: null, provider: null, content: planned.flow });
}
