/**
 * Helpers of the cost tests (test/http/costs-*.test.ts): workspace prices inserted straight into
 * `price_entries` (the rows the price endpoints write), and cost sheet request bodies with every
 * field present, as the spec requires.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/platform/db/schema';

export interface PriceRow {
  id?: string;
  workspaceId: string;
  provider: string;
  region: string | null;
  sku: string;
  unit: string;
  unitPrice: string;
  currency: string;
  effectiveDate: string;
  createdAt?: Date;
}

/** Inserts a workspace price; resolves with its ID. */
export async function insertPrice(db: Kysely<Database>, price: PriceRow): Promise<string> {
  const id = price.id ?? randomUUID();
  await db
    .insertInto('price_entries')
    .values({
      id,
      workspace_id: price.workspaceId,
      source: 'custom',
      provider: price.provider,
      region: price.region,
      sku: price.sku,
      description: null,
      unit: price.unit,
      unit_price: price.unitPrice,
      currency: price.currency,
      effective_date: price.effectiveDate,
      catalog_ref: null,
      created_by: 'user:test',
      created_at: price.createdAt ?? new Date(),
    })
    .execute();
  return id;
}

/** A resource request: every field, with these values over plain defaults. */
export function resourceBody(elementId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: null,
    elementId,
    name: 'Web servers',
    category: 'compute',
    provider: 'azure',
    region: 'westeurope',
    sku: 'D2s v5',
    quantity: 1,
    unit: null,
    priceRef: null,
    usage: null,
    factStatus: null,
    provenance: null,
    ...over,
  };
}

/** An assumption request: every field, with these values over plain defaults. */
export function assumptionBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: null,
    name: 'Hours per month',
    kind: 'usage',
    subjectId: null,
    value: 730,
    unit: 'hours',
    label: 'declared',
    source: null,
    effectiveDate: '2026-01-01',
    ...over,
  };
}
