/**
 * Per-field comparison of two versions of one record, as the merge reads them: a field is a
 * top-level member of the record's document body; a missing member equals null (a nullable
 * field is "null or missing"); key order does not matter.
 */
import { canonicalJson } from '../canonical-json';
import type { AnyModelRecord } from '../model-records';

function fieldText(record: AnyModelRecord | null, field: string): string {
  return canonicalJson(record ? ((record as unknown as Record<string, unknown>)[field] ?? null) : null);
}

/** The fields on which two versions differ, in the order their bodies name them; an absent record has every field null. */
export function differingFields(a: AnyModelRecord | null, b: AnyModelRecord | null): string[] {
  const fields = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  return fields.filter((field) => fieldText(a, field) !== fieldText(b, field));
}

/** Whether two versions are the same record (both absent included). */
export function sameRecord(a: AnyModelRecord | null, b: AnyModelRecord | null): boolean {
  if (a === null || b === null) return a === b;
  return differingFields(a, b).length === 0;
}
