/**
 * A read diff in the formats of `GET P/diff`: a JSON page (the whole diff's
 * fingerprint and counts, a page of entries), Markdown, and a view drawn as
 * SVG or a Mermaid flowchart with the changes marked.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors/service-error';
import type { DiffEntry as DiffEntryAnswer, ModelDiffPage } from '../../../contracts/model-diff';
import { diffCounts, diffEntries, diffFingerprint, type DiffEntry } from '../../core/model/diff/diff-entries';
import { diffMarkdown } from '../../core/model/diff/diff-markdown';
import { diffLines, unifiedLines } from '../../core/model/diff/text-diff';
import { modelKinds } from '../../core/model/model-records';
import { findView } from '../../core/model/view-store';
import { renderViewFlowchart } from '../../core/render/render-view-flowchart';
import { renderViewSvg } from '../../core/render/render-view-svg';
import type { RecordMark } from '../../core/render/view-contents';
import { drawnModel, type DiffSide, type ReadDiff } from './read-model-diff';

/** Where a page starts: after the entry of this kind and ID. */
export interface DiffPosition {
  kind: string;
  id: string;
}

/** How a side is named in Markdown and pictures: its ref, with its name and version. */
export function sideLabel(side: DiffSide): string {
  if (side.kind === 'main') return `main (model version ${side.modelVersion})`;
  if (side.kind === 'snapshot') return `${side.ref} (${side.name}, proposals on model version ${side.modelVersion})`;
  return `${side.ref} ("${side.name}", model version ${side.modelVersion})`;
}

function entryAnswer(entry: DiffEntry): DiffEntryAnswer {
  return {
    ...entry,
    fields: entry.fields.map((field) => ({
      ...field,
      textDiff: entry.kind === 'schema' && field.field === 'content' && typeof field.before === 'string' && typeof field.after === 'string' ? unifiedLines(diffLines(field.before, field.after)) : null,
    })),
  };
}

/**
 * A page of the diff: `limit` entries after `after` (from the start when
 * null), and the position to continue from when more follow.
 */
export function diffPage(read: ReadDiff, after: DiffPosition | null, limit: number): { page: Omit<ModelDiffPage, 'nextCursor'>; next: DiffPosition | null } {
  const entries = diffEntries(read.diff);
  const rank = (entry: { kind: string; id: string }) => modelKinds.indexOf(entry.kind as (typeof modelKinds)[number]);
  const start = after === null ? 0 : entries.findIndex((entry) => rank(entry) > rank(after) || (rank(entry) === rank(after) && entry.id > after.id));
  const from = start < 0 ? entries.length : start;
  const items = entries.slice(from, from + limit);
  const last = items.at(-1);
  const next = from + limit < entries.length && last ? { kind: last.kind, id: last.id } : null;
  return {
    page: { from: read.from, to: read.to, fingerprint: diffFingerprint(entries), counts: diffCounts(entries), total: entries.length, items: items.map(entryAnswer) },
    next,
  };
}

/** The whole diff as Markdown. */
export function diffAsMarkdown(read: ReadDiff): string {
  const entries = diffEntries(read.diff);
  return diffMarkdown({ from: sideLabel(read.from), to: sideLabel(read.to), fingerprint: diffFingerprint(entries), entries });
}

/**
 * A view of the project drawn with the diff marked: the later version's
 * elements and relationships and the removed ones (dashed). 404 when the
 * project has no such view.
 */
export async function diffAsPicture(db: Kysely<Database>, projectId: string, viewId: string, read: ReadDiff, format: 'svg' | 'mermaid'): Promise<string> {
  const view = await findView(db, projectId, viewId);
  if (!view) throw new NotFoundError('View not found');
  const marks = new Map<string, RecordMark>();
  for (const kind of ['element', 'relationship'] as const) {
    for (const record of read.diff[kind].added) marks.set(record.id, 'added');
    for (const record of read.diff[kind].removed) marks.set(record.id, 'removed');
    for (const change of read.diff[kind].changed) marks.set(change.id, 'changed');
  }
  const model = await drawnModel(db, read);
  const input = { model, view, source: { kind: 'comparison' as const, from: sideLabel(read.from), to: sideLabel(read.to) }, marks };
  return format === 'svg' ? renderViewSvg(input) : renderViewFlowchart(input);
}
