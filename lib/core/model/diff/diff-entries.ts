/**
 * A model diff as one list of entries, the order every format shows and pages
 * it in (kinds in `modelKinds` order, then record ID), the count of each
 * change per kind, and the fingerprint: `sha256:` of the canonical JSON of the
 * entries, so two diffs with the same changes have the same fingerprint
 * whatever produced them.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json';
import { documentRecord } from '../model-document';
import { modelKinds, type AnyModelRecord, type ModelKind } from '../model-records';
import type { FieldChange, ModelDiff } from './compare-records';

export const changeKinds = ['added', 'removed', 'changed'] as const;
export type ChangeKind = (typeof changeKinds)[number];

/** One record's change: a whole record added or removed, or the fields of a changed one. */
export interface DiffEntry {
  kind: ModelKind;
  id: string;
  change: ChangeKind;
  /** The record's name (the later one for a change), or null for kinds without one. */
  name: string | null;
  /** The whole record as the document writes it: the removed one, or null. */
  before: Record<string, unknown> | null;
  /** The whole record as the document writes it: the added one, or null. */
  after: Record<string, unknown> | null;
  /** For a change, the fields that differ, before and after; empty otherwise. */
  fields: FieldChange[];
}

export type DiffCounts = Record<ModelKind, Record<ChangeKind, number>>;

function nameOf(record: AnyModelRecord): string | null {
  return 'name' in record && typeof record.name === 'string' ? record.name : 'label' in record && typeof record.label === 'string' ? record.label : null;
}

/** The diff's entries in order: per kind, records by ID, each with its change. */
export function diffEntries(diff: ModelDiff): DiffEntry[] {
  const entries: DiffEntry[] = [];
  for (const kind of modelKinds) {
    const part = diff[kind];
    const ofKind: DiffEntry[] = [];
    for (const record of part.added as AnyModelRecord[]) ofKind.push({ kind, id: record.id, change: 'added', name: nameOf(record), before: null, after: documentRecord(kind, record), fields: [] });
    for (const record of part.removed as AnyModelRecord[]) ofKind.push({ kind, id: record.id, change: 'removed', name: nameOf(record), before: documentRecord(kind, record), after: null, fields: [] });
    for (const change of part.changed) ofKind.push({ kind, id: change.id, change: 'changed', name: nameOf(change.after as AnyModelRecord), before: null, after: null, fields: change.fields });
    ofKind.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    entries.push(...ofKind);
  }
  return entries;
}

/** How many records of each kind were added, removed and changed. */
export function diffCounts(entries: readonly DiffEntry[]): DiffCounts {
  const counts = Object.fromEntries(modelKinds.map((kind) => [kind, { added: 0, removed: 0, changed: 0 }])) as DiffCounts;
  for (const entry of entries) counts[entry.kind][entry.change]++;
  return counts;
}

/** `sha256:<hex>` of the entries' canonical JSON: equal diffs, equal fingerprints. */
export function diffFingerprint(entries: readonly DiffEntry[]): string {
  return `sha256:${createHash('sha256').update(canonicalJson(entries)).digest('hex')}`;
}
