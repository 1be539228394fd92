/**
 * What a view shows (part 1 "Diagram and model exports"): "without a root
 * element, the top-level elements; with a root element, the children of the
 * root inside a frame carrying the root name, kind and technology. A
 * relationship shows when both ends show. Elements are ordered by ordinal name,
 * then ID." Shared by the SVG and flowchart renderers.
 */
import type { ElementRecord, ModelSnapshot, RelationshipRecord } from '../model/model-records';
import type { ViewRecord } from '../model/view-store';
import { compareByNameThenId, compareOrdinal } from './ordinal-order';

/** The fields of a view the renderers read (a whole ViewRecord fits). */
export type RenderableView = Pick<ViewRecord, 'id' | 'name' | 'rootElementId' | 'positions'>;

/** Which model a rendering reads: a revision, a stream (main or a branch) at a model version, or two versions compared. */
export type RenderSource =
  | { readonly kind: 'revision'; readonly id: string; readonly name: string; readonly modelVersion: number }
  | { readonly kind: 'stream'; readonly name: string; readonly modelVersion: number }
  | { readonly kind: 'comparison'; readonly from: string; readonly to: string };

/** How a comparison marks a drawn record: in the later version only, in the earlier only (drawn dashed), or in both with other fields. */
export type RecordMark = 'added' | 'removed' | 'changed';

/** Record ID → its mark; records without one are the same in both versions. */
export type RecordMarks = ReadonlyMap<string, RecordMark>;

/** The colours of the marks, shared by the SVG, the flowchart and the web client's legend. */
export const markColours: Readonly<Record<RecordMark, string>> = Object.freeze({ added: '#22c55e', removed: '#ef4444', changed: '#eab308' });

/** The sentence of a comparison's source in the renderings' comments and descriptions. */
export function comparisonText(source: { readonly from: string; readonly to: string }): string {
  return `Comparison of ${source.from} with ${source.to} (added, removed and changed records marked)`;
}

/** What a view's contents need of every element of the model: the identifiers need its name, the count badges its parent. */
export interface ElementOutline {
  readonly id: string;
  readonly name: string;
  readonly parentId: string | null;
}

/**
 * The part of a model one view draws, as the exports read it from storage
 * (lib/features/exports/export-store.ts) instead of the whole model: every element in
 * outline, the whole records of those on the view's level, and the
 * relationships among them.
 */
export interface ViewSlice {
  /** Every element of the model (an iterable that can be walked more than once). */
  readonly outline: Iterable<ElementOutline>;
  readonly elementCount: number;
  /** At least the root element and every element whose parent is the root (without a root: the top-level elements), by ID. */
  readonly elements: ReadonlyMap<string, ElementRecord>;
  /** At least every relationship of the model whose two ends are on the view's level. */
  readonly relationships: Iterable<RelationshipRecord>;
  readonly relationshipCount: number;
}

/** What every single-view renderer reads: the model (whole, or the slice the view draws), the view and which model it is. */
export interface RenderViewInput {
  readonly model: ModelSnapshot | ViewSlice;
  readonly view: RenderableView;
  readonly source: RenderSource;
  /** A comparison's marks: the model then holds the later version and the records the earlier one had alone. */
  readonly marks?: RecordMarks;
}

/** What one view shows of a model. */
export interface ViewContents {
  /** The root element drawn as a frame, or null (no root, or a root missing from this model). */
  readonly frame: ElementRecord | null;
  /** The view's root element ID when the model has no such element (then nothing shows), else null. */
  readonly missingRootId: string | null;
  /** Shown elements, by ordinal name then ID. */
  readonly elements: readonly ElementRecord[];
  /** Shown relationships, by the order of their source, then of their target, then ID. */
  readonly relationships: readonly RelationshipRecord[];
  /** Number of direct children of each shown element (the contained-elements badge). */
  readonly containedCount: ReadonlyMap<string, number>;
  /** Elements and relationships of the model on other levels (not shown, not the frame). */
  readonly otherLevels: { readonly elements: number; readonly relationships: number };
}

function isSlice(model: ModelSnapshot | ViewSlice): model is ViewSlice {
  return 'outline' in model;
}

/** A whole model seen as the slice of a view (it holds every record any view draws). */
export function viewSliceOf(model: ModelSnapshot | ViewSlice): ViewSlice {
  if (isSlice(model)) return model;
  // Iterables, not iterators: the outline is walked more than once.
  return {
    outline: { [Symbol.iterator]: () => model.element.values() },
    elementCount: model.element.size,
    elements: model.element,
    relationships: { [Symbol.iterator]: () => model.relationship.values() },
    relationshipCount: model.relationship.size,
  };
}

/** The elements and relationships a view shows of a model (whole, or its slice), in drawing order. */
export function viewContents(model: ModelSnapshot | ViewSlice, view: RenderableView): ViewContents {
  const slice = viewSliceOf(model);
  const rootId = view.rootElementId;
  const frame = rootId === null ? null : (slice.elements.get(rootId) ?? null);
  const missingRootId = rootId !== null && frame === null ? rootId : null;
  const containedCount = new Map<string, number>();
  const shown: ElementRecord[] = [];
  for (const element of slice.outline) {
    if (element.parentId !== null) containedCount.set(element.parentId, (containedCount.get(element.parentId) ?? 0) + 1);
    if (missingRootId === null && element.parentId === rootId && element.id !== rootId) shown.push(slice.elements.get(element.id)!);
  }
  shown.sort(compareByNameThenId);
  const rank = new Map<string, number>(shown.map((element, i) => [element.id, i]));
  // Each shown relationship with the ranks of its ends, looked up once rather than at every comparison.
  const placed: { relationship: RelationshipRecord; from: number; to: number }[] = [];
  for (const relationship of slice.relationships) {
    const from = rank.get(relationship.fromId);
    const to = rank.get(relationship.toId);
    if (from !== undefined && to !== undefined) placed.push({ relationship, from, to });
  }
  placed.sort((a, b) => a.from - b.from || a.to - b.to || compareOrdinal(a.relationship.id, b.relationship.id));
  const relationships = placed.map((p) => p.relationship);
  const counts = new Map<string, number>();
  for (const element of shown) counts.set(element.id, containedCount.get(element.id) ?? 0);
  return {
    frame,
    missingRootId,
    elements: shown,
    relationships,
    containedCount: counts,
    otherLevels: { elements: slice.elementCount - shown.length - (frame ? 1 : 0), relationships: slice.relationshipCount - relationships.length },
  };
}

/** Part 1 `<desc>` list: what every picture of a view leaves out. */
export const droppedFromPicture: readonly string[] = Object.freeze([
  'provenance',
  'status',
  'long descriptions',
  'tags',
  'owners',
  'other levels',
  'messages',
  'contracts',
  'schemas',
  'scenarios',
  'promises',
  'costs',
  'comments',
]);

/** What the flowchart leaves out beyond the picture's list (it has no layout, descriptions or marks). */
const droppedFromFlowchart: readonly string[] = ['descriptions', 'fact labels', 'stale marks', 'icons', 'saved layout', 'line shapes'];

/**
 * One sentence naming what a rendering of the view drops, with the count of
 * elements and relationships on other levels.
 */
export function droppedInformation(contents: ViewContents, format: 'svg' | 'flowchart'): string {
  const items = format === 'svg' ? [...droppedFromPicture] : [...droppedFromFlowchart, ...droppedFromPicture.filter((item) => item !== 'long descriptions')];
  const { elements, relationships } = contents.otherLevels;
  const levels = `other levels (${elements} ${elements === 1 ? 'element' : 'elements'}, ${relationships} ${relationships === 1 ? 'relationship' : 'relationships'})`;
  return `Not shown: ${items.map((item) => (item === 'other levels' ? levels : item)).join(', ')}.`;
}
