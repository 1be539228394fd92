/**
 * The truth labels of a fact (part 1 "Truth label") and the length of a provenance's source: plain
 * values, no zod, so the model's records (lib/core/model/model-records.ts), which the web client
 * also reads, take them from here without bringing a schema along.
 */
export const factStatuses = ['declared', 'observed-in-source', 'inferred', 'measured', 'unknown'] as const;
export type FactStatus = (typeof factStatuses)[number];

/** Characters of `provenance.source`. */
export const provenanceSourceLength = 2000;
