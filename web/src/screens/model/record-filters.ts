/**
 * The filters of the model screen, kept in the address (`truth`, `stale`,
 * `provenance`, `q`) so they survive a reload and travel in a link. They are
 * applied to the records loaded so far; the screen says how many that is.
 */
import { factStatuses, type AnyModelRecord, type FactFields } from './model-api';

export interface RecordFilters {
  truth: string | null;
  staleOnly: boolean;
  provenanceOnly: boolean;
  text: string;
}

export function readFilters(params: URLSearchParams): RecordFilters {
  const truth = params.get('truth');
  return {
    truth: truth && (factStatuses as readonly string[]).includes(truth) ? truth : null,
    staleOnly: params.get('stale') === '1',
    provenanceOnly: params.get('provenance') === '1',
    text: params.get('q') ?? '',
  };
}

/** The query parameters of `filters` (null removes one). */
export function filterParameters(filters: RecordFilters): Record<string, string | null> {
  return { truth: filters.truth, stale: filters.staleOnly ? '1' : null, provenance: filters.provenanceOnly ? '1' : null, q: filters.text.trim() === '' ? null : filters.text };
}

export function hasFilters(filters: RecordFilters): boolean {
  return filters.truth !== null || filters.staleOnly || filters.provenanceOnly || filters.text.trim() !== '';
}

/** The text a record is found by: its name or label, its routing key, its ID. */
export function searchTextOf(record: AnyModelRecord): string {
  const r = record as unknown as Record<string, unknown>;
  return [r.name, r.label, r.routingKey, r.technology, r.id].filter((v): v is string => typeof v === 'string').join(' ').toLowerCase();
}

export function matchesFilters(record: AnyModelRecord, filters: RecordFilters): boolean {
  // A schema has no fact fields: it reads as declared, with no provenance or stale mark.
  const fact = record as Partial<FactFields>;
  if (filters.truth !== null && (fact.factStatus || 'declared') !== filters.truth) return false;
  if (filters.staleOnly && !fact.stale) return false;
  if (filters.provenanceOnly && !fact.provenance) return false;
  const needle = filters.text.trim().toLowerCase();
  if (needle !== '' && !searchTextOf(record).includes(needle)) return false;
  return true;
}
