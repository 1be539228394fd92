/**
 * Making an architecture proposal: from the model (a request, a selection),
 * a document of a Source or a scan's facts, through the provider the settings
 * route `inferArchitecture` to, or from items a person submits. Every item passes
 * the import's rules before it is offered (planArchitectureProposal); those
 * that do not are dropped with their reason.
 */
import { randomUUID } from 'node:crypto';
import type { AiDataPart } from '../ai/ai-task';
import { runAiTask } from '../ai/run-ai-task';
import { ValidationError } from '../../platform/errors/service-error';
import type { ServiceRuntime } from '../../platform/runtime/service-runtime';
import type { ProjectRecord } from '../workspaces/project-store';
import { architectureOutputSchema, type ArchitectureOutput } from './architecture-output';
import type { ProposalOutcome } from './create-flow-proposal';
import { modelDataPart, selectionDataPart } from './model-data';
import { planArchitectureProposal, schemaIdsOfItems } from './plan-architecture-proposal';
import { foreignSchemaIds, readProposalContext, type ProposalContext } from './proposal-context';
import { architectureInstructions, scanArchitectureInstructions } from './proposal-instructions';
import { proposalProvenanceSource, type ProposalMaker } from './proposal-provenance';
import { countProposalCreation } from './proposal-rate-limit';
import { insertProposal, type ProposalRow } from './proposal-store';
import { documentDataPart } from './read-source-document';

/** Who a proposal is made for: the project, and the actor it is recorded as made by. */
export interface ArchitectureMaker {
  runtime: ServiceRuntime;
  project: ProjectRecord;
  actor: string;
}
type Maker = ArchitectureMaker;

interface Made {
  request: string | null;
  context: ProposalContext;
  selection: string[] | null;
  document: { sourceId: string; path: string } | null;
  scanId: string | null;
  output: ArchitectureOutput;
  provider: ProposalMaker | null;
}

/** What a provider is asked about: a request, a selection, a document of a Source, or a scan's facts; always the model. */
export interface ArchitectureQuestion {
  request: string | null;
  context: ProposalContext;
  selection: string[] | null;
  document: { part: AiDataPart; sourceId: string; path: string } | null;
  scan: { id: string; part: AiDataPart } | null;
}

async function planAndStore(maker: Maker, made: Made, options: { refuseDropped: boolean }): Promise<ProposalRow> {
  const { runtime, project } = maker;
  const proposalId = randomUUID();
  const schemaIds = schemaIdsOfItems(made.output.items.map((item) => ({ kind: item.kind, record: item.record })));
  const plan = planArchitectureProposal({
    model: made.context.model,
    projectId: project.id,
    output: made.output,
    foreignSchemaIds: await foreignSchemaIds(runtime.db, project.id, schemaIds),
    provenanceSource: proposalProvenanceSource(proposalId, made.provider),
    newId: randomUUID,
  });
  if (options.refuseDropped && plan.dropped.length > 0) {
    throw new ValidationError('Items refused', plan.dropped.map((d) => ({ field: `proposal.items[${d.index}]`, message: d.reason })));
  }
  return insertProposal(runtime.db, {
    id: proposalId,
    projectId: project.id,
    kind: 'architecture',
    request: made.request,
    submitted: made.provider === null,
    branchId: made.context.stream.kind === 'main' ? null : made.context.stream.id,
    modelVersion: made.context.stream.modelVersion,
    reviseScenarioId: null,
    reviseScenarioHash: null,
    selection: made.selection,
    document: made.document,
    ...(made.scanId === null ? {} : { scanId: made.scanId }),
    provider: made.provider,
    content: plan,
    createdBy: maker.actor,
    now: runtime.now(),
  });
}

/**
 * Asks the provider routed for `inferArchitecture` and stores its answer as a proposal, its items
 * checked (planArchitectureProposal); the unavailable answer stores nothing.
 */
export async function askForArchitecture(maker: Maker, input: ArchitectureQuestion): Promise<ProposalOutcome> {
  const { runtime, project, actor } = maker;
  const data: AiDataPart[] = [];
  if (input.request !== null) data.push({ label: 'request', text: input.request, fromPrivateRepository: false });
  if (input.selection !== null && input.selection.length > 0) data.push(selectionDataPart(input.context.model, input.selection));
  if (input.document) data.push(input.document.part);
  if (input.scan) data.push(input.scan.part);
  data.push(modelDataPart(input.context.model));
  const instructions = input.scan ? scanArchitectureInstructions : architectureInstructions;
  const outcome = await runAiTask(runtime, { workspaceId: project.workspaceId, projectId: project.id, task: 'inferArchitecture', actor, instructions, data, output: architectureOutputSchema, outputName: 'architecture_output' });
  if (outcome.kind === 'unavailable') return outcome;
  const document = input.document ? { sourceId: input.document.sourceId, path: input.document.path } : null;
  const made = { request: input.request, context: input.context, selection: input.selection, document, scanId: input.scan?.id ?? null, output: outcome.output, provider: outcome.call };
  return { kind: 'created', row: await planAndStore(maker, made, { refuseDropped: false }) };
}

/** POST …/architecture-proposals: changes inferred from the model of main or a branch, optionally about a selection. */
export async function inferArchitecture(maker: Maker, body: { request: string | null; branchId: string | null; selection: string[] | null }): Promise<ProposalOutcome> {
  await countProposalCreation(maker.runtime.db, maker.project.id, maker.actor, maker.runtime.now());
  const context = await readProposalContext(maker.runtime.db, { projectId: maker.project.id, branchId: body.branchId, reviseScenarioId: null, selection: body.selection, missingAs: 'invalid' });
  return askForArchitecture(maker, { request: body.request, context, selection: body.selection, document: null, scan: null });
}

/** POST …/architecture-proposals/from-document: changes read from a document of a Source, against main. */
export async function inferArchitectureFromDocument(maker: Maker, body: { sourceId: string; path: string; request: string | null }): Promise<ProposalOutcome> {
  const { runtime, project } = maker;
  await countProposalCreation(runtime.db, project.id, maker.actor, runtime.now());
  const part = await documentDataPart(runtime, project.workspaceId, { projectId: project.id, sourceId: body.sourceId, path: body.path, fields: { source: 'sourceId', path: 'path' }, missingAs: 'invalid' });
  const context = await readProposalContext(runtime.db, { projectId: project.id, branchId: null, reviseScenarioId: null, selection: null, missingAs: 'invalid' });
  return askForArchitecture(maker, { request: body.request, context, selection: null, document: { part, sourceId: body.sourceId, path: body.path }, scan: null });
}

/** POST …/architecture-proposals/submit: items a person wrote, through the same checks; any item they refuse is a 400 naming it, and nothing is stored. */
export async function submitArchitecture(maker: Maker, body: { request: string | null; proposal: ArchitectureOutput }): Promise<ProposalRow> {
  await countProposalCreation(maker.runtime.db, maker.project.id, maker.actor, maker.runtime.now());
  const context = await readProposalContext(maker.runtime.db, { projectId: maker.project.id, branchId: null, reviseScenarioId: null, selection: null, missingAs: 'invalid' });
  return planAndStore(maker, { request: body.request, context, selection: null, document: null, scanId: null, output: body.proposal, provider: null }, { refuseDropped: true });
}
