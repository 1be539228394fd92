/**
 * Reads the two versions a diff names and compares them. Two streams (main,
 * branches, revisions) are compared in the database first: one statement
 * joins their records by ID and returns only those whose bodies differ, so a
 * diff of two large models reads only what changed. A scan snapshot is the
 * model main would become if every pending proposal of its scan were
 * accepted (planned in a transaction that is rolled back: nothing is
 * written); it is compared whole.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors/service-error';
import { compareModels, type ModelDiff } from '../../core/model/diff/compare-records';
import { modelKinds, type AnyModelRecord, type ModelKind, type ModelSnapshot } from '../../core/model/model-records';
import { loadModelSnapshot } from '../../core/model/model-store';
import { findStream, type ModelStream } from '../../core/model/stream-store';
import { planDecision } from '../scans/decide-proposals';
import { acceptableProposals } from '../scans/proposal-store';
import { diffRefText, type DiffRef } from './diff-refs';

type Db = Kysely<Database> | Transaction<Database>;

/** One side of a diff as answers name it. */
export interface DiffSide {
  ref: string;
  kind: 'main' | 'branch' | 'revision' | 'snapshot';
  id: string;
  /** The branch's or revision's name, `main`, or the snapshot's commit (or scan ID). */
  name: string;
  /** The stream's model version; for a snapshot, main's version its proposals were planned on. */
  modelVersion: number;
}

type Resolved = { side: DiffSide; stream: ModelStream } | { side: DiffSide; snapshot: { scanId: string; createdAt: Date } };

async function resolveRef(db: Db, projectId: string, ref: DiffRef): Promise<Resolved> {
  if (ref.kind === 'snapshot') {
    const row = await db
      .selectFrom('snapshots')
      .innerJoin('sources', 'sources.id', 'snapshots.source_id')
      .select(['snapshots.id', 'snapshots.scan_id', 'snapshots.commit_sha', 'snapshots.created_at'])
      .where('snapshots.id', '=', ref.id)
      .where('sources.project_id', '=', projectId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError('Snapshot not found', `No snapshot ${ref.id} in this project.`);
    const main = await findStream(db, projectId);
    return {
      side: { ref: diffRefText(ref), kind: 'snapshot', id: row.id, name: row.commit_sha ?? `scan ${row.scan_id}`, modelVersion: main?.modelVersion ?? 0 },
      snapshot: { scanId: row.scan_id, createdAt: new Date(row.created_at) },
    };
  }
  const streamId = ref.kind === 'main' ? projectId : ref.id;
  const stream = await findStream(db, streamId);
  const wanted = ref.kind === 'main' ? ['main'] : ref.kind === 'branch' ? ['draft', 'variant'] : ['revision'];
  if (!stream || stream.projectId !== projectId || !wanted.includes(stream.kind)) {
    throw new NotFoundError(`${ref.kind === 'main' ? 'Project' : ref.kind === 'branch' ? 'Branch' : 'Revision'} not found`, `No ${ref.kind} ${streamId} in this project.`);
  }
  return { side: { ref: diffRefText(ref), kind: ref.kind, id: stream.id, name: stream.name, modelVersion: stream.modelVersion }, stream };
}

function emptyMaps(): Record<ModelKind, Map<string, AnyModelRecord>> {
  return Object.fromEntries(modelKinds.map((kind) => [kind, new Map<string, AnyModelRecord>()])) as Record<ModelKind, Map<string, AnyModelRecord>>;
}

/** The records of two streams that differ (present in one only, or with other bodies), as two partial models. */
async function differingRecords(db: Db, fromId: string, toId: string): Promise<{ from: ModelSnapshot; to: ModelSnapshot }> {
  const rows = await sql<{ kind: string; before: AnyModelRecord | null; after: AnyModelRecord | null }>`
    select coalesce(a.kind, b.kind) as kind, a.body as before, b.body as after
    from (select id, kind, body from model_entities where stream_id = ${fromId}::uuid) a
    full join (select id, kind, body from model_entities where stream_id = ${toId}::uuid) b on a.id = b.id and a.kind = b.kind
    where a.body is distinct from b.body`.execute(db);
  const from = emptyMaps();
  const to = emptyMaps();
  for (const row of rows.rows) {
    const kind = row.kind as ModelKind;
    if (row.before) from[kind].set(row.before.id, row.before);
    if (row.after) to[kind].set(row.after.id, row.after);
  }
  return { from: from as unknown as ModelSnapshot, to: to as unknown as ModelSnapshot };
}

/** The model a snapshot stands for: main with its scan's pending proposals accepted, dated the snapshot so the same snapshot gives the same model. */
async function snapshotModel(db: Kysely<Database>, projectId: string, snapshot: { scanId: string; createdAt: Date }): Promise<ModelSnapshot> {
  const { accept } = await acceptableProposals(db, snapshot.scanId);
  if (accept.length === 0) return loadModelSnapshot(db, projectId);
  const { after } = await planDecision(db, { projectId, scanId: snapshot.scanId, request: { accept, reject: [], acknowledgeImpact: true }, actor: 'diff', acceptedBy: null, now: snapshot.createdAt });
  return after;
}

async function wholeModel(db: Kysely<Database>, projectId: string, resolved: Resolved): Promise<ModelSnapshot> {
  return 'stream' in resolved ? loadModelSnapshot(db, resolved.stream.id) : snapshotModel(db, projectId, resolved.snapshot);
}

export interface ReadDiff {
  from: DiffSide;
  to: DiffSide;
  diff: ModelDiff;
  /** The two models as far as they were read: whole for a snapshot, else only the records that differ. */
  models: { from: ModelSnapshot; to: ModelSnapshot };
  /** The resolved sides, to read more of them (a drawn diff reads the later version's elements and relationships). */
  sides: { from: Resolved; to: Resolved };
}

/**
 * Compares two versions of a project's model: 404 when either names nothing
 * of this project (another project's branch included).
 */
export async function readModelDiff(db: Kysely<Database>, projectId: string, fromRef: DiffRef, toRef: DiffRef): Promise<ReadDiff> {
  const from = await resolveRef(db, projectId, fromRef);
  const to = await resolveRef(db, projectId, toRef);
  let models: { from: ModelSnapshot; to: ModelSnapshot };
  if ('stream' in from && 'stream' in to) {
    const fromId = from.stream.id;
    const toId = to.stream.id;
    // One snapshot of the database for both sides and their versions.
    models = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => differingRecords(trx, fromId, toId));
  } else {
    models = { from: await wholeModel(db, projectId, from), to: await wholeModel(db, projectId, to) };
  }
  return { from: from.side, to: to.side, diff: compareModels(models.from, models.to), models, sides: { from, to } };
}

/**
 * What a drawn diff shows: the later version's elements and relationships
 * with those only the earlier version had added back, so a view draws both
 * and the marks tell them apart.
 */
export async function drawnModel(db: Kysely<Database>, read: ReadDiff): Promise<ModelSnapshot> {
  const maps = emptyMaps();
  const later = 'stream' in read.sides.to ? null : read.models.to;
  if (later) {
    for (const [id, record] of later.element) maps.element.set(id, record);
    for (const [id, record] of later.relationship) maps.relationship.set(id, record);
  } else if ('stream' in read.sides.to) {
    const rows = await db.selectFrom('model_entities').select(['kind', 'id', 'body']).where('stream_id', '=', read.sides.to.stream.id).where('kind', 'in', ['element', 'relationship']).execute();
    for (const row of rows) maps[row.kind as ModelKind].set(row.id, row.body as AnyModelRecord);
  }
  for (const record of read.diff.element.removed) maps.element.set(record.id, record);
  for (const record of read.diff.relationship.removed) maps.relationship.set(record.id, record);
  return maps as unknown as ModelSnapshot;
}
