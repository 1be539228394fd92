import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import type { ProblemBody } from '../../platform/http/problem';
import { problemOf } from '../../platform/http/service-error-problem';
import { insertProject } from '../../features/workspaces/project-store';
import { editModelRecord, type EditResult, type ModelReads, type RecordEdit } from './edit-model-record';
import { channelKinds, elementKinds, factStatuses, modelKinds, type AnyModelRecord, type ElementKind, type ModelKind, type ModelSnapshot } from './model-records';
import { commitModelChange, loadModelSnapshot } from './model-store';
import { binding, channel, element, message, operation, relationship, schema, subscription } from '../../../test/support/model-fixtures';
import { copyMainInto } from '../../features/branches/copy-main';
import { lockStream } from './stream-store';
import { uuidV5 } from './uuid-v5';
import { insertView } from './view-store';

/**
 * An edit checks only what its change can affect (docs/model-document.md
 * "What an edit checks"). The whole-model check stays as the reference: on
 * random stored models (valid or not) and random edit sequences, valid and
 * invalid (dangling references, wrong parent kinds, loops, duplicate
 * bindings, kind changes, deletes of referenced records, taken IDs), both
 * ways of reading give the same answer or error body, and leave the same
 * stored model, version and history; on main and on a branch.
 */

/** Reads choices off a tape of random numbers, so fast-check can replay and shrink a run. */
class Choices {
  private at = 0;
  constructor(private readonly tape: readonly number[]) {}

  below(n: number): number {
    const value = this.tape[this.at % this.tape.length] ?? 0;
    this.at++;
    return value % n;
  }

  chance(percent: number): boolean {
    return this.below(100) < percent;
  }

  pick<T>(list: readonly T[]): T | undefined {
    return list.length === 0 ? undefined : list[this.below(list.length)];
  }
}

const tape = (length: number) => fc.array(fc.nat({ max: 1_000_000 }), { minLength: length, maxLength: length });
const runArb = fc.record({ namespace: fc.uuid().map((id) => id.toLowerCase()), onBranch: fc.boolean(), model: tape(400), edits: fc.array(tape(40), { minLength: 1, maxLength: 30 }) });

const parentKindOf: Record<ElementKind, ElementKind | null> = { actor: null, system: null, app: 'system', store: 'system', component: 'app' };
const depthOf: Record<ElementKind, number> = { actor: 0, system: 0, app: 1, store: 1, component: 2 };
const routingKeys = [null, 'orders.*', 'orders.placed', '#'];

/** What an edit may name: the records of the stored model by kind, new IDs, the project's ID and another project's schemas. */
interface Pools {
  model: ModelSnapshot;
  fresh: () => string;
  projectId: string;
  foreignSchemaIds: readonly string[];
}

const idsOf = (model: ModelSnapshot, kind: ModelKind) => [...model[kind].keys()];

/** An ID for a field that names a record of `kind`: mostly a fitting one, sometimes any other, dangling, the record itself, uppercase or foreign. */
function referenceTo(c: Choices, pools: Pools, kind: ModelKind, self: string, fitting: readonly string[] = idsOf(pools.model, kind)): string {
  const roll = c.below(100);
  if (roll < 65 && fitting.length > 0) return c.pick(fitting)!;
  if (roll < 75) return c.pick(modelKinds.flatMap((k) => idsOf(pools.model, k))) ?? pools.fresh();
  if (roll < 85) return pools.fresh();
  if (roll < 90) return self;
  if (roll < 95 && fitting.length > 0) return c.pick(fitting)!.toUpperCase();
  return c.pick([...pools.foreignSchemaIds, pools.projectId])!;
}

function nullableReferenceTo(c: Choices, pools: Pools, kind: ModelKind, self: string, fitting?: readonly string[]): string | null {
  return c.chance(30) ? null : referenceTo(c, pools, kind, self, fitting);
}

/** Fact fields: mostly what the label needs, sometimes a provenance that misses a part. */
function factOf(c: Choices): Record<string, unknown> {
  const factStatus = c.pick(factStatuses)!;
  if (c.chance(80)) return { factStatus, provenance: factStatus === 'declared' || factStatus === 'unknown' ? null : { source: 'src/main.ts', confidence: 0.5 } };
  const provenance = c.chance(40) ? null : { source: c.chance(60) ? 'src/main.ts' : null, revision: null, confidence: c.chance(60) ? 0.5 : null, acceptedBy: null, acceptedAt: null };
  return { factStatus, provenance };
}

/** The elements below `id` (children, their children…): a parent among them would make a loop. */
function descendantsOf(model: ModelSnapshot, id: string): string[] {
  const found = new Set<string>();
  let frontier = [id];
  while (frontier.length > 0) {
    const next = [...model.element.values()].filter((e) => e.parentId !== null && frontier.includes(e.parentId) && !found.has(e.id)).map((e) => e.id);
    for (const child of next) found.add(child);
    frontier = next;
  }
  found.delete(id);
  return [...found];
}

/** A request body for `kind` (mostly valid, often not), as a client would send it. */
function bodyOf(c: Choices, pools: Pools, kind: ModelKind, id: string, previous: AnyModelRecord | undefined): Record<string, unknown> {
  const { model } = pools;
  const name = c.chance(95) ? `Name ${c.below(5)}` : '  ';
  switch (kind) {
    case 'element': {
      const was = previous as { kind: ElementKind } | undefined;
      const elementKind = was && c.chance(75) ? was.kind : c.pick(elementKinds)!;
      const wanted = parentKindOf[elementKind];
      const fitting = [...model.element.values()].filter((e) => e.kind === wanted).map((e) => e.id);
      const below = descendantsOf(model, id);
      const parentId =
        below.length > 0 && c.chance(20) ? (c.chance(50) ? below.at(-1)! : c.pick(below)!) : wanted === null ? (c.chance(85) ? null : referenceTo(c, pools, 'element', id)) : c.chance(8) ? null : referenceTo(c, pools, 'element', id, fitting);
      return { id, kind: elementKind, name, status: 'current', parentId, tags: [], ...factOf(c) };
    }
    case 'relationship': {
      const was = previous as { fromId: string; toId: string } | undefined;
      const fromId = was && c.chance(80) ? was.fromId : referenceTo(c, pools, 'element', id);
      const toId = was && c.chance(80) ? was.toId : referenceTo(c, pools, 'element', id);
      return { id, fromId, toId, label: c.chance(50) ? 'calls' : null, kind: c.pick(['structural', 'behavioural']), ...factOf(c) };
    }
    case 'message':
      return {
        id,
        name,
        producerId: referenceTo(c, pools, 'element', id),
        consumerIds: Array.from({ length: c.below(4) }, () => referenceTo(c, pools, 'element', id)),
        schemaId: nullableReferenceTo(c, pools, 'schema', id),
        ...factOf(c),
      };
    case 'schema':
      return { id, name, content: c.pick(['{"type":"object"}', '{"type":"string"}']) };
    case 'operation':
      return { id, ownerId: referenceTo(c, pools, 'element', id), name, transport: c.pick(['http', 'grpc', 'command']), requestSchemaId: nullableReferenceTo(c, pools, 'schema', id), responseSchemaId: nullableReferenceTo(c, pools, 'schema', id), ...factOf(c) };
    case 'channel': {
      const was = previous as { kind: string } | undefined;
      return { id, name, kind: was && c.chance(50) ? was.kind : c.pick(channelKinds), ...factOf(c) };
    }
    case 'subscription': {
      const channelId = referenceTo(c, pools, 'channel', id);
      return { id, channelId, consumerId: referenceTo(c, pools, 'element', id), deadLetterChannelId: c.chance(20) ? channelId : nullableReferenceTo(c, pools, 'channel', id), ...factOf(c) };
    }
    case 'binding': {
      const channels = [...model.channel.values()];
      const twin = c.chance(30) ? c.pick([...model.binding.values()]) : undefined;
      const sourceChannelId = twin?.sourceChannelId ?? referenceTo(c, pools, 'channel', id, channels.filter((ch) => ch.kind !== 'queue').map((ch) => ch.id));
      const targetChannelId = twin?.targetChannelId ?? (c.chance(10) ? sourceChannelId : referenceTo(c, pools, 'channel', id, channels.filter((ch) => ch.kind !== 'topic').map((ch) => ch.id)));
      return { id, sourceChannelId, targetChannelId, routingKey: twin ? twin.routingKey : c.pick(routingKeys), ...factOf(c) };
    }
  }
}

/** One random edit against the stored model. */
function editOf(c: Choices, pools: Pools): { kind: ModelKind; edit: RecordEdit } {
  const { model } = pools;
  // Elements carry the parent rules and most referrers: they get a third of the edits.
  const kind = c.chance(33) ? 'element' : c.pick(modelKinds)!;
  const own = idsOf(model, kind);
  const anyId = () => c.pick(modelKinds.flatMap((k) => idsOf(model, k))) ?? pools.fresh();
  // An element with others below it, now and then: moving it under one of them closes a loop.
  const withChildren = kind === 'element' ? own.filter((id) => descendantsOf(model, id).length > 1) : [];
  const target = () => (withChildren.length > 0 && c.chance(30) ? c.pick(withChildren)! : c.chance(85) && own.length > 0 ? c.pick(own)! : c.chance(50) ? anyId() : pools.fresh());
  // Mostly a create when the kind has no record yet: a replace or delete would only meet 404.
  const roll = own.length === 0 && c.chance(80) ? 99 : c.below(100);
  if (roll < 25) return { kind, edit: { type: 'delete', id: target() } };
  if (roll < 60) {
    const id = target();
    let entry: unknown = bodyOf(c, pools, kind, id, model[kind].get(id));
    if (c.chance(4)) entry = { ...(entry as object), colour: 'red' };
    if (c.chance(3)) entry = { ...(entry as object), id: pools.fresh() };
    if (c.chance(2)) entry = [entry];
    return { kind, edit: { type: 'replace', id, entry } };
  }
  const idRoll = c.below(100);
  const id = idRoll < 80 ? pools.fresh() : idRoll < 90 ? anyId() : c.pick([...pools.foreignSchemaIds, pools.projectId])!;
  return { kind, edit: { type: 'create', entry: bodyOf(c, pools, kind, id, undefined) } };
}

/** A stored model with no rule checked on the way in: mostly valid, with dangling references, wrong kinds, loops and twin bindings now and then. */
function storedModelOf(c: Choices, id: (label: string) => string): { kind: ModelKind; record: AnyModelRecord }[] {
  const out: { kind: ModelKind; record: AnyModelRecord }[] = [];
  let n = 0;
  const next = () => id(`stored-${n++}`);
  const elements: { id: string; kind: ElementKind }[] = [];
  // Mostly in order of depth (systems before apps before components), so that chains of three form.
  const count = c.below(13);
  const kinds = Array.from({ length: count }, () => c.pick(elementKinds)!);
  if (c.chance(70)) kinds.sort((a, b) => depthOf[a] - depthOf[b]);
  for (const kind of kinds) {
    const wanted = parentKindOf[kind];
    const fitting = elements.filter((e) => e.kind === wanted);
    const parentId = c.chance(4) ? id('dangling') : wanted === null ? null : (c.pick(fitting)?.id ?? c.pick(elements)?.id ?? null);
    const record = element({ id: next(), kind, parentId });
    elements.push(record);
    out.push({ kind: 'element', record });
  }
  if (elements.length >= 2 && c.chance(10)) {
    // A loop of two stored elements.
    const [a, b] = [out[0]!.record, out[1]!.record] as ReturnType<typeof element>[];
    out[0] = { kind: 'element', record: { ...a!, parentId: b!.id } };
    out[1] = { kind: 'element', record: { ...b!, parentId: a!.id } };
  }
  const elementId = () => (c.chance(3) ? id('dangling') : (c.pick(elements)?.id ?? id('dangling')));
  for (let i = c.below(9); i > 0; i--) out.push({ kind: 'relationship', record: relationship({ id: next(), fromId: elementId(), toId: elementId() }) });
  const schemas = Array.from({ length: c.below(4) }, () => schema({ id: next() }));
  for (const record of schemas) out.push({ kind: 'schema', record });
  const schemaId = () => (c.chance(40) ? null : (c.pick(schemas)?.id ?? null));
  for (let i = c.below(6); i > 0; i--) out.push({ kind: 'message', record: message({ id: next(), producerId: elementId(), consumerIds: c.chance(50) ? [elementId()] : [], schemaId: schemaId() }) });
  for (let i = c.below(6); i > 0; i--) out.push({ kind: 'operation', record: operation({ id: next(), ownerId: elementId(), requestSchemaId: schemaId(), responseSchemaId: schemaId() }) });
  const channels = Array.from({ length: c.below(7) }, () => channel({ id: next(), kind: c.pick(channelKinds)! }));
  for (const record of channels) out.push({ kind: 'channel', record });
  const channelId = () => c.pick(channels)?.id ?? id('dangling');
  for (let i = c.below(6); i > 0; i--) out.push({ kind: 'subscription', record: subscription({ id: next(), channelId: channelId(), consumerId: elementId(), deadLetterChannelId: c.chance(30) ? channelId() : null }) });
  for (let i = c.below(7); i > 0; i--) out.push({ kind: 'binding', record: binding({ id: next(), sourceChannelId: channelId(), targetChannelId: channelId(), routingKey: c.pick(routingKeys)! }) });
  return out;
}

type Outcome = { answer: EditResult } | { problem: ProblemBody };

async function outcomeOf(work: () => Promise<EditResult>): Promise<Outcome> {
  try {
    return { answer: await work() };
  } catch (error) {
    // As a client would read it: through the edge's one mapping of codes to statuses.
    const problem = problemOf(error);
    if (problem) return { problem: problem.toBody() };
    throw error;
  }
}

describe('an edit checks what its change can affect, with the answers of the whole-model check', () => {
  let database: TestDatabase;
  let workspaceId: string;
  const foreignSchemaIds = ['5c4e0000-0000-4000-8000-000000000001', '5c4e0000-0000-4000-8000-000000000002'];
  const seen = { accepted: 0, statuses: new Set<number>() };

  beforeAll(async () => {
    database = await createTestDatabase();
    workspaceId = (await database.db.insertInto('workspaces').values({ name: 'W' }).returning('id').executeTakeFirstOrThrow()).id;
    // Another project owns two schemas: an edit naming them is re-keyed (import rule 9).
    const other = await insertProject(database.db, workspaceId, 'other', null, new Date());
    await database.db.transaction().execute(async (trx) => {
      const version = await lockStream(trx, other.id);
      const writes = foreignSchemaIds.map((id) => ({ kind: 'schema' as const, record: schema({ id }), change: 'added' as const }));
      await commitModelChange(trx, { streamId: other.id, fromVersion: version, writes, deletes: [], actor: 'test', at: new Date(), summary: 'schemas' });
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** Everything an edit may change in a stream: its records, version and history. */
  async function storedState(db: TestDatabase['db'], streamId: string) {
    const rows = await db.selectFrom('model_entities').select(['id', 'kind', 'body']).where('stream_id', '=', streamId).orderBy('id').execute();
    const { model_version } = await db.selectFrom('model_streams').select('model_version').where('id', '=', streamId).executeTakeFirstOrThrow();
    const changes = await db.selectFrom('model_changes').select(['version', 'actor', 'at', 'summary', 'entries']).where('stream_id', '=', streamId).orderBy('version').execute();
    return { rows, version: model_version, changes };
  }

  it('finds a loop through the parent chain, however far up it closes', async () => {
    const now = new Date('2030-01-02T03:04:05.000Z');
    const project = await insertProject(database.db, workspaceId, 'chain', null, now);
    const [S, A, C] = ['5c4e0000-0000-4000-8000-0000000000a1', '5c4e0000-0000-4000-8000-0000000000a2', '5c4e0000-0000-4000-8000-0000000000a3'];
    const records = [element({ id: S }), element({ id: A, kind: 'app', parentId: S }), element({ id: C, kind: 'component', parentId: A })];
    await database.db.transaction().execute(async (trx) => {
      await commitModelChange(trx, { streamId: project.id, fromVersion: await lockStream(trx, project.id), writes: records.map((record) => ({ kind: 'element', record, change: 'added' })), deletes: [], actor: 'test', at: now, summary: 'chain' });
    });
    for (const reads of ['affected', 'whole-model'] as const) {
      const edit: RecordEdit = { type: 'replace', id: S, entry: { kind: 'system', name: 'S', status: 'current', parentId: C } };
      const outcome = await outcomeOf(() => editModelRecord(database.db, { streamId: project.id, kind: 'element', edit, actor: 'user:test', now, reads }));
      expect(outcome, reads).toEqual({
        problem: {
          type: 'validation_error',
          title: 'Invalid element',
          status: 400,
          detail: 'parentId: must be null for an element of kind system; parentId: the element would be its own ancestor',
          errors: [
            { field: 'parentId', message: 'must be null for an element of kind system' },
            { field: 'parentId', message: 'the element would be its own ancestor' },
          ],
        },
      });
    }
  });

  it('a replace of a record that is not there answers 404 before any reason the body gives, both ways', async () => {
    const now = new Date('2030-01-02T03:04:05.000Z');
    const project = await insertProject(database.db, workspaceId, 'missing', null, now);
    const missing = '5c4e0000-0000-4000-8000-0000000000b1';
    for (const reads of ['affected', 'whole-model'] as const) {
      for (const entry of [{ kind: 'system', name: '  ', status: 'nope' }, { kind: 'system', name: 'S', status: 'current' }]) {
        const outcome = await outcomeOf(() => editModelRecord(database.db, { streamId: project.id, kind: 'element', edit: { type: 'replace', id: missing, entry }, actor: 'user:test', now, reads }));
        expect(outcome, reads).toEqual({ problem: { type: 'not_found', title: 'element not found', status: 404, detail: 'element not found.', errors: [] } });
      }
    }
  });

  it('gives the same decisions, error bodies and stored model both ways, on main and on a branch', async () => {
    const rollback = new Error('rollback');
    await fc.assert(
      fc.asyncProperty(runArb, async (run) => {
        const id = (label: string) => uuidV5(run.namespace, label);
        const now = new Date('2030-01-02T03:04:05.000Z');
        const project = await insertProject(database.db, workspaceId, `p ${run.namespace}`, null, now);
        const modelChoices = new Choices(run.model);
        const stored = storedModelOf(modelChoices, id);
        await database.db.transaction().execute(async (trx) => {
          const version = await lockStream(trx, project.id);
          await commitModelChange(trx, { streamId: project.id, fromVersion: version, writes: stored.map((w) => ({ ...w, change: 'added' })), deletes: [], actor: 'test', at: now, summary: 'stored' });
        });
        const rootElement = modelChoices.pick(stored.filter((w) => w.kind === 'element'));
        await insertView(database.db, { id: id('view'), projectId: project.id, name: 'V', rootElementId: rootElement?.record.id ?? null }, now);
        const streamId = run.onBranch ? (await copyMainInto(database.db, { id: id('branch'), projectId: project.id, kind: 'draft', name: 'b', createdBy: 'test', now })).id : project.id;

        let fresh = 0;
        for (const editTape of run.edits) {
          const model = await loadModelSnapshot(database.db, streamId);
          const pools: Pools = { model, fresh: () => id(`fresh-${fresh++}`), projectId: project.id, foreignSchemaIds };
          const { kind, edit } = editOf(new Choices(editTape), pools);
          const input = (reads: ModelReads) => ({ streamId, modelStreamId: project.id, kind, edit, actor: 'user:test', now, reads });

          let whole: Outcome | undefined;
          let wholeState: Awaited<ReturnType<typeof storedState>> | undefined;
          await database.db
            .transaction()
            .execute(async (trx) => {
              whole = await outcomeOf(() => editModelRecord(trx, input('whole-model')));
              wholeState = await storedState(trx, streamId);
              throw rollback;
            })
            .catch((error) => {
              if (error !== rollback) throw error;
            });
          const affected = await outcomeOf(() => editModelRecord(database.db, input('affected')));
          expect(affected, JSON.stringify({ kind, edit })).toEqual(whole);
          expect(await storedState(database.db, streamId)).toEqual(wholeState);
          if ('answer' in affected) seen.accepted++;
          else seen.statuses.add(affected.problem.status);
        }
      }),
      { numRuns: 60 },
    );
    // The runs met both sides of every decision.
    expect(seen.accepted).toBeGreaterThan(50);
    expect([...seen.statuses].sort()).toEqual([400, 404, 409]);
  }, 300_000);
});
