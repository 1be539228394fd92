import type { Kysely, Transaction } from 'kysely';
import type { Same } from '../../../contracts/schema-kit';
import { z } from 'zod';
import { type DecideRequest, type DecideResult, maxDecideIds } from '../../../contracts/scans';
import type { Database } from '../../platform/db/schema';
import { guidText } from '../../platform/http/common-schemas';
import type { FieldError } from '../../platform/errors/error-codes';
import { ConflictError, InvalidDocumentError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { modelKinds, sectionOfKind, type AnyModelRecord, type ModelKind, type ModelSnapshot } from '../../core/model/model-records';
import { commitModelChange, loadModelSnapshot } from '../../core/model/model-store';
import { findReferrers } from '../../core/model/model-rules';
import { planImport, type ModelUpsert } from '../../core/model/plan-import';
import { lockStream } from '../../core/model/stream-store';
import { uuidV5 } from '../../core/model/uuid-v5';
import { changeImpact } from './change-impact';
import { factToDocumentEntry, plannedFactRecordId, provenanceSourceOf } from './fact-record';
import { recordMatchIndex, factMatchKey } from './match-facts';
import { resolutionOrder, type ScanFact } from './scan-fact';

const proposalChoice = z.strictObject({ proposalId: guidText, entityId: guidText });

/** DecideProposalsRequest (part 2). `relink` writes a proposal onto another record; `bind` ties a fact to a record and only labels it. */
export const decideProposalsRequest = z.strictObject({
  accept: z.array(guidText, 'must be a list of proposal IDs').max(maxDecideIds, `must hold at most ${maxDecideIds} IDs`).nullable(),
  reject: z.array(guidText, 'must be a list of proposal IDs').max(maxDecideIds, `must hold at most ${maxDecideIds} IDs`).nullable(),
  relink: z.array(proposalChoice, 'must be a list of {proposalId, entityId}').max(maxDecideIds).nullable().optional(),
  acknowledgeImpact: z.boolean('must be true or false').optional().default(false),
  bind: z.array(proposalChoice, 'must be a list of {proposalId, entityId}').max(maxDecideIds).nullable().optional(),
});
export type DecideProposalsRequest = z.infer<typeof decideProposalsRequest>;

// What a client may send (the contract's DecideRequest) is what this reads, member for member.
const readsTheContract: Same<z.input<typeof decideProposalsRequest>, DecideRequest> = true;
void readsTheContract;

/** Thrown inside the decision's transaction by a dry run, so that nothing it did is kept. */
class PlannedDecision {
  constructor(
    readonly before: ModelSnapshot,
    readonly upserts: readonly ModelUpsert[],
    readonly removedIds: readonly string[],
  ) {}
}

/** The model a decision would leave, without writing it (impact checks). */
export async function planDecision(db: Kysely<Database>, input: Omit<DecideInput, 'dryRun'>): Promise<{ before: ModelSnapshot; after: ModelSnapshot }> {
  try {
    await decideProposals(db, { ...input, dryRun: true });
  } catch (error) {
    if (!(error instanceof PlannedDecision)) throw error;
    const after = Object.fromEntries(modelKinds.map((kind) => [kind, new Map(error.before[kind] as ReadonlyMap<string, AnyModelRecord>)])) as Record<ModelKind, Map<string, AnyModelRecord>>;
    for (const upsert of error.upserts) after[upsert.kind].set(upsert.record.id, upsert.record);
    for (const id of error.removedIds) for (const kind of modelKinds) after[kind].delete(id);
    return { before: error.before, after: after as unknown as ModelSnapshot };
  }
  throw new Error('a dry run of a decision must not commit');
}

export interface DecideInput {
  projectId: string;
  scanId: string;
  request: DecideProposalsRequest;
  actor: string;
  acceptedBy: string | null;
  now: Date;
  /** Plan only: throws PlannedDecision inside the transaction, so nothing is written. */
  dryRun?: boolean;
}

interface ProposalRow {
  id: string;
  fact_key: string;
  action: 'add' | 'change' | 'remove';
  entity_kind: string;
  entity_id: string | null;
  proposed: unknown;
  status: string;
}


/**
 * POST …/proposals/decide: accepts and rejects proposals of one scan in one
 * transaction. Accepted facts are written through the import's rules (the
 * same refusals), with `provenance.acceptedBy`/`acceptedAt` set; main's
 * `modelVersion` rises once; each accepted fact is bound to its record so
 * later scans compare with it and mark it stale.
 */
export async function decideProposals(db: Kysely<Database>, input: DecideInput): Promise<DecideResult> {
  const accept = (input.request.accept ?? []).map((id) => id.toLowerCase());
  const reject = (input.request.reject ?? []).map((id) => id.toLowerCase());
  const relink = new Map((input.request.relink ?? []).map((c) => [c.proposalId.toLowerCase(), c.entityId.toLowerCase()]));
  const bind = new Map((input.request.bind ?? []).map((c) => [c.proposalId.toLowerCase(), c.entityId.toLowerCase()]));
  const errors: FieldError[] = [];
  const rejectSet = new Set(reject);
  accept.forEach((id, i) => {
    if (rejectSet.has(id)) errors.push({ field: `accept[${i}]`, message: 'is also in reject' });
  });
  if (errors.length > 0) throw new ValidationError('Invalid request body', errors);
  const acceptAll = [...new Set([...accept, ...bind.keys(), ...relink.keys()])];

  return db.transaction().execute(async (trx) => {
    const scan = await trx.selectFrom('scans').select(['id', 'source_id', 'commit_sha', 'state', 'request']).where('project_id', '=', input.projectId).where('id', '=', input.scanId).executeTakeFirst();
    if (!scan) throw new NotFoundError('Scan not found');
    const named = [...new Set([...acceptAll, ...reject])];
    const rows: ProposalRow[] = named.length === 0 ? [] : await trx.selectFrom('proposals').select(['id', 'fact_key', 'action', 'entity_kind', 'entity_id', 'proposed', 'status']).where('scan_id', '=', input.scanId).where('id', 'in', named).forUpdate().execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const unknown = named.filter((id) => !byId.has(id));
    if (unknown.length > 0) throw new ValidationError('Unknown proposals', unknown.map((id) => ({ field: 'accept', message: `${id} is no proposal of this scan` })));
    const decided = rows.filter((r) => r.status !== 'pending');
    if (decided.length > 0) throw new ConflictError('Proposals already decided', `${decided.map((r) => `${r.id} is ${r.status}`).join('; ')}.`);

    const version = await lockStream(trx, input.projectId);
    const snapshot = await loadModelSnapshot(trx, input.projectId);
    const model = new Map<string, { kind: ModelKind; record: AnyModelRecord }>();
    for (const kind of modelKinds) for (const [id, record] of snapshot[kind]) model.set(id, { kind, record: record as AnyModelRecord });
    const keyToId = new Map<string, string>();
    if (scan.source_id !== null) {
      const bound = await trx.selectFrom('fact_bindings').select(['fact_key', 'entity_id']).where('source_id', '=', scan.source_id).execute();
      for (const b of bound) keyToId.set(b.fact_key, b.entity_id);
    }
    const source = scan.source_id === null ? null : await trx.selectFrom('sources').select(['name']).where('id', '=', scan.source_id).executeTakeFirst();
    const where = source?.name ?? (scan.request as { repository: string | null }).repository ?? `scan ${scan.id}`;

    // The record each accepted fact lands on, references first. An addition that main has gained a
    // match for since the scan (another Source's fact accepted meanwhile) lands on that record.
    const order = (p: ProposalRow) => (p.action === 'remove' ? resolutionOrder.length : resolutionOrder.indexOf(p.entity_kind as ModelKind));
    const accepted = acceptAll.map((id) => byId.get(id)!).sort((a, b) => order(a) - order(b));
    const matchIndex = recordMatchIndex(model);
    for (const p of accepted) {
      let matched: string | undefined;
      if (p.action === 'add' && !bind.has(p.id) && !relink.has(p.id)) {
        const key = factMatchKey(p.proposed as ScanFact, (k) => keyToId.get(k) ?? null);
        const id = key === null ? undefined : matchIndex.get(key);
        if (id !== undefined && model.get(id)?.kind === p.entity_kind) matched = id;
      }
      const target = bind.get(p.id) ?? relink.get(p.id) ?? p.entity_id ?? matched ?? plannedFactRecordId(input.projectId, scan.source_id ?? scan.id, p.fact_key);
      const existing = model.get(target);
      if ((bind.has(p.id) || relink.has(p.id)) && existing?.kind !== p.entity_kind) {
        throw new ValidationError('Invalid request body', [{ field: bind.has(p.id) ? 'bind' : 'relink', message: `${target} is no ${p.entity_kind} of the model` }]);
      }
      if (p.action !== 'remove') keyToId.set(p.fact_key, target);
    }

    const documentLists: Record<string, Record<string, unknown>[]> = {};
    // The model puts every app and store under a system; a fact cannot say which, so the scan's system holds them.
    let systemId: string | null = null;
    const systemFor = (): string => {
      if (systemId !== null) return systemId;
      const systems = [...model.values()].filter((m) => m.kind === 'element' && (m.record as { kind: string }).kind === 'system');
      const named = systems.find((m) => (m.record as { name: string }).name.toLowerCase() === where.toLowerCase());
      const chosen = named ?? (systems.length === 1 ? systems[0] : undefined);
      if (chosen) systemId = chosen.record.id;
      else {
        systemId = uuidV5(input.projectId, `${scan.source_id ?? scan.id}:system`);
        (documentLists.elements ??= []).push({
          id: systemId,
          kind: 'system',
          name: where.slice(0, 200),
          description: `Holds what ${where} shows; added when its facts were accepted.`,
          technology: null,
          status: 'current',
          parentId: null,
          tags: [],
          icon: null,
          factStatus: 'inferred',
          provenance: { source: where.slice(0, 2000), revision: scan.commit_sha, confidence: 0.5, acceptedBy: input.acceptedBy, acceptedAt: input.now.toISOString() },
          stale: null,
        });
      }
      return systemId;
    };
    const removed = new Set<string>();
    const missingRefs = new Set<string>();
    const items: DecideResult['items'] = [];
    for (const p of accepted) {
      if (p.action === 'remove') {
        if (p.entity_id !== null && model.has(p.entity_id)) removed.add(p.entity_id);
        items.push({ proposalId: p.id, status: 'accepted', entityId: p.entity_id });
        continue;
      }
      const fact = p.proposed as ScanFact;
      const target = keyToId.get(p.fact_key)!;
      const current = model.get(target)?.record ?? null;
      const idOfKey = (key: string) => {
        const id = keyToId.get(key) ?? null;
        if (id === null) missingRefs.add(key);
        return id;
      };
      const onlyLabel = bind.has(p.id);
      const entry = factToDocumentEntry({
        fact: onlyLabel ? { ...fact, fields: {}, refs: {} } : fact,
        id: target,
        current,
        idOfKey,
        provenance: { source: provenanceSourceOf(where, fact), revision: scan.commit_sha, confidence: fact.factStatus === 'inferred' ? fact.confidence : null, acceptedBy: input.acceptedBy, acceptedAt: input.now.toISOString() },
      });
      if (fact.kind === 'element' && (entry.kind === 'app' || entry.kind === 'store') && entry.parentId === null) entry.parentId = systemFor();
      (documentLists[sectionOfKind[fact.kind]] ??= []).push(entry);
      items.push({ proposalId: p.id, status: 'accepted', entityId: target });
    }
    if (missingRefs.size > 0) {
      throw new ConflictError('Accept what these facts refer to', `The accepted facts refer to facts that are neither in the model nor accepted now: ${[...missingRefs].sort().join(', ')}. Accept their proposals too.`);
    }
    for (const id of removed) {
      const referrers = [
        ...new Set(
          findReferrers(snapshot, model.get(id)!.kind, id)
            .filter((r) => !removed.has(r.id))
            .map((r) => `${r.kind} ${r.id}`),
        ),
      ];
      if (referrers.length > 0) throw new ConflictError('Removal would leave references', `${id} is referred to by ${referrers.slice(0, 20).join(', ')}. Remove or change those first.`);
    }

    const plan = planImport({ current: snapshot, document: documentLists, projectId: input.projectId, streamId: input.projectId, foreignSchemaIds: new Set() });
    if (plan.refusals.length > 0) throw new InvalidDocumentError('invalid_export', plan.title, 'An accepted fact breaks a model rule; nothing was written.', plan.refusals);
    if (input.dryRun) throw new PlannedDecision(snapshot, plan.upserts, [...removed]);
    const changedIds = plan.upserts.map((u) => u.record.id).filter((id) => model.has(id));
    const impact = await changeImpact(trx, input.projectId, { changedIds, removedIds: [...removed], added: plan.upserts.length - changedIds.length });
    if (impact.needsAcknowledgement && !input.request.acknowledgeImpact) {
      const parts = [impact.views.length ? `${impact.views.length} view(s)` : '', impact.scenarios.length ? `${impact.scenarios.length} scenario(s)` : '', impact.promises.length ? `${impact.promises.length} promise(s)` : ''].filter(Boolean);
      throw new ConflictError('Acknowledge the impact', `Accepting these proposals changes ${parts.join(', ')} (GET …/impact lists them); send acknowledgeImpact: true to go on.`, [{ field: 'acknowledgeImpact', message: 'must be true: the decision has impact' }]);
    }
    let modelVersion = version;
    if (plan.upserts.length > 0 || removed.size > 0) {
      const changeOf = new Map(plan.items.map((item) => [`${item.kind}:${item.id}`, item.change]));
      modelVersion = await commitModelChange(trx as Transaction<Database>, {
        streamId: input.projectId,
        fromVersion: version,
        writes: plan.upserts.map((u) => ({ kind: u.kind, record: u.record, change: changeOf.get(`${u.kind}:${u.record.id}`) === 'added' ? ('added' as const) : ('changed' as const) })),
        deletes: [...removed].map((id) => ({ kind: model.get(id)!.kind, id })),
        actor: input.actor,
        at: input.now,
        summary: `scan ${input.scanId}: ${accepted.length} proposal(s) accepted`,
      });
    }
    if (scan.source_id !== null) {
      for (const p of accepted) {
        if (p.action === 'remove') {
          await trx.deleteFrom('fact_bindings').where('source_id', '=', scan.source_id).where('fact_key', '=', p.fact_key).execute();
          continue;
        }
        await trx
          .insertInto('fact_bindings')
          .values({ source_id: scan.source_id, fact_key: p.fact_key, project_id: input.projectId, entity_kind: p.entity_kind, entity_id: keyToId.get(p.fact_key)! })
          .onConflict((oc) => oc.columns(['source_id', 'fact_key']).doUpdateSet({ entity_kind: p.entity_kind, entity_id: keyToId.get(p.fact_key)! }))
          .execute();
      }
    }
    if (acceptAll.length > 0) await trx.updateTable('proposals').set({ status: 'accepted', decided_by: input.actor, decided_at: input.now }).where('id', 'in', acceptAll).execute();
    if (reject.length > 0) await trx.updateTable('proposals').set({ status: 'rejected', decided_by: input.actor, decided_at: input.now }).where('id', 'in', reject).execute();
    for (const id of reject) items.push({ proposalId: id, status: 'rejected', entityId: byId.get(id)!.entity_id });
    return { modelVersion, accepted: acceptAll.length, rejected: reject.length, items };
  });
}
