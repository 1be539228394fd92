/**
 * Checks a flow output against the model it was made for and turns it into
 * what a flow proposal stores (docs/ai-proposals.md "Flow proposals"): each
 * missing record gets the ID it will be created with, every alias in the
 * scenario becomes that ID, the records pass the import's reader and rules
 * (lib/core/model/plan-import.ts) and the scenario passes the scenario reader and
 * the playback validation over the model with the missing records added. Pure:
 * IDs and the clock of the schema-check budget are passed in.
 */
import type { PlannedMissingItem } from '../../../contracts/ai-proposals';
import type { FieldError } from '../../platform/errors/error-codes';
import type { AnyModelRecord, ModelSnapshot } from '../../core/model/model-records';
import { overlayModel, type ModelChange } from '../../core/model/overlay-model';
import { planImport } from '../../core/model/plan-import';
import { normalizeGuid } from '../../platform/text/text-rules';
import { readScenarioDocument, type ScenarioDocument } from '../../core/playback/scenario-document';
import { validateScenario } from '../../core/playback/validate-scenario';
import type { FlowOutput, MissingItem } from './flow-output';
import { proposalProvenance } from './proposal-provenance';
import { referenceFieldsOf } from './proposal-records';
import { resolveReference } from './resolve-references';

/** A record the flow names that the model lacks: the contract's type (contracts/ai-proposals.ts). */
export type { PlannedMissingItem };

/** What a flow proposal holds. */
export interface PlannedFlow {
  scenario: ScenarioDocument;
  missing: PlannedMissingItem[];
  notes: string | null;
}

export interface FlowPlanInput {
  /** The stream the proposal is made against (main or a branch). */
  model: ModelSnapshot;
  /** The project's ID (its main stream's ID), for the import rules. */
  projectId: string;
  proposalId: string;
  /** The ID of the scenario the proposal writes: the revised one, or one chosen now. */
  scenarioId: string;
  flow: FlowOutput;
  /** Schema IDs the flow names that another project owns (import rule 9). */
  foreignSchemaIds: ReadonlySet<string>;
  newId: () => string;
  /** `provenance.source` of the records the proposal adds: names the proposal and who made it. */
  provenanceSource: string;
  /** For the playback validation's schema-check budget. */
  monotonicNowMs?: () => number;
}

export type FlowPlanResult = { ok: true; flow: PlannedFlow } | { ok: false; errors: FieldError[] };

type Resolve = (value: unknown, path: string) => unknown;

/** Step fields that name a record, by step type (part 1 "Step type"). */
const stepReferences: Readonly<Record<string, readonly string[]>> = { call: ['from', 'operation'], publish: ['from', 'channel'], write: ['by', 'store'], parallel: [], branch: [] };

function resolveSteps(steps: unknown, path: string, resolve: Resolve): unknown {
  if (!Array.isArray(steps)) return steps;
  return steps.map((raw, index) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    const step = { ...(raw as Record<string, unknown>) };
    const at = `${path}[${index}]`;
    for (const field of stepReferences[String(step.type)] ?? []) step[field] = resolve(step[field], `${at}.${field}`);
    for (const list of ['then', 'onError', 'else'] as const) if (list in step) step[list] = resolveSteps(step[list], `${at}.${list}`, resolve);
    if (step.type === 'publish') {
      step.message = normalizeGuid(step.message) ?? step.message;
      const handlers = step.handlers as Record<string, unknown> | null;
      if (handlers) step.handlers = Object.fromEntries(Object.entries(handlers).map(([key, list]) => [normalizeGuid(key) ?? key, resolveSteps(list, `${at}.handlers.${key}`, resolve)]));
    }
    if (step.type === 'parallel' && Array.isArray(step.branches)) step.branches = step.branches.map((list, i) => resolveSteps(list, `${at}.branches[${i}]`, resolve));
    return step;
  });
}

/** The record of a missing item with its ID, the fields not in the proposal's schema, and a declared label naming the proposal. */
function missingRecord(item: MissingItem, id: string, fields: Record<string, unknown>, provenanceSource: string): AnyModelRecord {
  const fact = { factStatus: 'declared', provenance: proposalProvenance(provenanceSource, null), stale: null };
  if (item.kind === 'element') return { id, ...fields, icon: null, ...fact } as unknown as AnyModelRecord;
  return { id, ...fields, ...fact } as unknown as AnyModelRecord;
}

/**
 * Plans a flow proposal, or says every reason it cannot be one, each error
 * named by its place in the flow output (`flow.missing.<alias>…`, `flow.scenario…`).
 *
 * @example
 * const plan = planFlowProposal({ model, projectId, proposalId, scenarioId, flow, foreignSchemaIds: new Set(), newId: randomUUID, provenanceSource });
 * if (!plan.ok) throw new ValidationError('Flow refused', plan.errors);
 */
export function planFlowProposal(input: FlowPlanInput): FlowPlanResult {
  const { flow } = input;
  const errors: FieldError[] = [];

  const aliases = new Map<string, string>();
  flow.missing.forEach((item, index) => {
    if (aliases.has(item.alias)) errors.push({ field: `flow.missing[${index}].alias`, message: 'is used by an earlier item' });
    else aliases.set(item.alias, input.newId());
  });
  if (errors.length > 0) return { ok: false, errors };

  const missing: PlannedMissingItem[] = flow.missing.map((item) => {
    const id = aliases.get(item.alias)!;
    const fields: Record<string, unknown> = { ...item.record };
    const needs = new Set<string>();
    for (const field of referenceFieldsOf[item.kind]) {
      const value = fields[field];
      if (value === null || value === undefined) continue;
      const resolved = resolveReference(value, aliases);
      if (!resolved.ok) errors.push({ field: `flow.missing.${item.alias}.record.${field}`, message: resolved.message });
      else {
        fields[field] = resolved.id;
        if (resolved.alias !== null && resolved.alias !== item.alias) needs.add(resolved.alias);
      }
    }
    if (item.kind === 'operation') {
      for (const field of ['requestSchemaId', 'responseSchemaId'] as const) {
        const value = fields[field];
        if (value === null) continue;
        const guid = normalizeGuid(value);
        if (guid === null) errors.push({ field: `flow.missing.${item.alias}.record.${field}`, message: 'must be the GUID of a schema of the model, or null' });
        else fields[field] = guid;
      }
    }
    return { alias: item.alias, kind: item.kind, id, record: missingRecord(item, id, fields, input.provenanceSource), needs: [...needs].sort(), createdId: null, createdBy: null, createdAt: null };
  });

  const resolve: Resolve = (value, path) => {
    if (value === null || value === undefined) return value;
    const resolved = resolveReference(value, aliases);
    if (resolved.ok) return resolved.id;
    errors.push({ field: `flow.scenario.${path}`, message: resolved.message });
    return value;
  };
  const document = {
    id: input.scenarioId,
    name: flow.scenario.name,
    steps: resolveSteps(flow.scenario.steps, 'steps', resolve),
    faults: flow.scenario.faults.map((fault, index) => ({ ...fault, target: resolve(fault.target, `faults[${index}].target`) })),
    assertions: flow.scenario.assertions.map((assertion, index) => (assertion.type === 'event-count' ? { ...assertion, target: resolve(assertion.target, `assertions[${index}].target`) } : assertion)),
  };
  if (errors.length > 0) return { ok: false, errors };

  // The records through the import's reader and rules, against the model as it is plus each other.
  const aliasOfId = new Map(missing.map((item) => [item.id, item.alias]));
  const plan = planImport({
    current: input.model,
    document: {
      elements: missing.filter((m) => m.kind === 'element').map((m) => m.record),
      operations: missing.filter((m) => m.kind === 'operation').map((m) => m.record),
      channels: missing.filter((m) => m.kind === 'channel').map((m) => m.record),
    },
    projectId: input.projectId,
    streamId: input.projectId,
    foreignSchemaIds: input.foreignSchemaIds,
  });
  for (const refusal of plan.refusals) {
    const id = refusal.field.slice(refusal.field.indexOf(':') + 1);
    errors.push({ field: `flow.missing.${aliasOfId.get(id) ?? id}`, message: refusal.message });
  }
  if (errors.length > 0) return { ok: false, errors };

  const read = readScenarioDocument(document, { mode: 'create' });
  if (!read.ok) return { ok: false, errors: read.errors.map((error) => ({ field: `flow.scenario.${error.field}`, message: error.message })) };

  // Playable once the missing records exist: the playback validation over the model with them added.
  const after = overlayModel(input.model, plan.upserts as ModelChange[]);
  const issues = validateScenario({ model: after, scenario: read.scenario, monotonicNowMs: input.monotonicNowMs });
  if (issues.length > 0) {
    return { ok: false, errors: issues.map((issue) => ({ field: issue.stepId === null ? 'flow.scenario' : `flow.scenario.step ${issue.stepId}`, message: `${issue.code}: ${issue.message}` })) };
  }
  // Records as the import normalised them (GUIDs in lower case, defaults filled).
  const written = new Map(plan.upserts.map((upsert) => [upsert.record.id, upsert.record as AnyModelRecord]));
  return { ok: true, flow: { scenario: read.scenario, missing: missing.map((item) => ({ ...item, record: written.get(item.id) ?? item.record })), notes: flow.notes } };
}
