import type { CostAssumption, CostResource } from '../../lib/features/costs/cost-sheet';
import type { AssumptionRequest, ResourceRequest } from './cost-inputs';

/** A resource request as the record the sheet keeps. */
export function resourceOf(id: string, body: ResourceRequest): CostResource {
  return {
    id,
    elementId: body.elementId,
    name: body.name,
    category: body.category,
    provider: body.provider,
    region: body.region,
    sku: body.sku,
    quantity: body.quantity,
    unit: body.unit,
    priceRef: body.priceRef,
    usage: body.usage,
    factStatus: body.factStatus,
    provenance: body.provenance,
  };
}

/** An assumption request as the record the sheet keeps. */
export function assumptionOf(id: string, body: AssumptionRequest): CostAssumption {
  return { id, name: body.name, kind: body.kind, subjectId: body.subjectId, value: body.value, unit: body.unit, label: body.label, source: body.source, effectiveDate: body.effectiveDate };
}
