import type { FactStatus, Provenance } from '../../core/model/model-records';
import type { AssumptionKind, CostAssumption, CostResource, UsageLine } from './cost-sheet';

/**
 * Sheet records as the statements of cost-sheet-store.ts read them (JSON objects built in SQL,
 * numeric columns as text) and as they are written.
 */

export interface ResourceRow {
  id: string;
  elementId: string;
  name: string;
  category: string;
  provider: string;
  region: string | null;
  sku: string | null;
  quantity: string | null;
  unit: string | null;
  priceRef: string | null;
  usage: UsageLine[] | null;
  factStatus: string | null;
  provenance: Provenance | null;
}

export interface AssumptionRow {
  id: string;
  name: string;
  kind: string;
  subjectId: string | null;
  value: string | null;
  unit: string;
  label: string;
  source: string | null;
  effectiveDate: string;
}

export function resourceOfRow(row: ResourceRow): CostResource {
  return {
    id: row.id,
    elementId: row.elementId,
    name: row.name,
    category: row.category,
    provider: row.provider,
    region: row.region,
    sku: row.sku,
    // Read as the text of trim_scale(quantity): already the canonical decimal text.
    quantity: row.quantity,
    unit: row.unit,
    priceRef: row.priceRef,
    usage: row.usage,
    factStatus: (row.factStatus ?? 'declared') as FactStatus,
    provenance: row.provenance,
  };
}

export function assumptionOfRow(row: AssumptionRow): CostAssumption {
  return { ...row, kind: row.kind as AssumptionKind, label: row.label as FactStatus };
}

/** The columns of a resource row (without stream and position). */
export function resourceColumns(resource: CostResource) {
  return {
    id: resource.id,
    element_id: resource.elementId,
    name: resource.name,
    category: resource.category,
    provider: resource.provider,
    region: resource.region,
    sku: resource.sku,
    quantity: resource.quantity,
    unit: resource.unit,
    price_ref: resource.priceRef,
    usage: resource.usage === null ? null : JSON.stringify(resource.usage),
    fact_status: resource.factStatus,
    provenance: resource.provenance === null ? null : JSON.stringify(resource.provenance),
  };
}

export function assumptionColumns(assumption: CostAssumption) {
  return {
    id: assumption.id,
    name: assumption.name,
    kind: assumption.kind,
    subject_id: assumption.subjectId,
    value: assumption.value,
    unit: assumption.unit,
    label: assumption.label,
    source: assumption.source,
    effective_date: assumption.effectiveDate,
  };
}
