import type { GcpSku as GcpSkuFound } from '../../../contracts/prices';
import { ValidationError } from '../../platform/errors/service-error';
import { catalogLimits, type GcpImportRequest } from './catalog-requests';
import { catalogText, matchesSearch, optionalCatalogText } from './catalog-text';
import type { GcpSku } from './catalogs/gcp-billing-catalog';
import type { NewPriceEntry } from './price-entry';

/**
 * What the service makes of Cloud Billing Catalog SKUs (docs/prices.md "Google Cloud"): the
 * SKUs a search answers, and the prices an import keeps (one per pricing tier). Pure.
 */

/** Whether a SKU is offered in `region`: listed there, or `global`; every SKU when no region is asked. */
function offeredIn(sku: GcpSku, region: string | null): boolean {
  return region === null || sku.serviceRegions.includes(region) || sku.serviceRegions.includes('global');
}

/** A SKU of the search answer. */
export function gcpSkuOf(sku: GcpSku): GcpSkuFound {
  return {
    skuId: sku.skuId,
    description: sku.description,
    category: sku.category,
    serviceRegions: sku.serviceRegions,
    usageUnit: sku.pricing?.usageUnit ?? null,
    usageUnitDescription: sku.pricing?.usageUnitDescription ?? null,
    currency: sku.pricing?.currency ?? null,
    effectiveDate: sku.pricing?.effectiveDate ?? null,
    tiers: sku.pricing?.tiers ?? [],
  };
}

/** The SKUs of a region that a `search` keeps (any case, in the SKU ID, description or category), at most `catalogLimits.searchItems`. */
export function findGcpSkus(skus: readonly GcpSku[], region: string | null, search: string | null): { items: GcpSku[]; truncated: boolean } {
  const found = skus.filter((sku) => offeredIn(sku, region) && matchesSearch(search, [sku.skuId, sku.description, ...Object.values(sku.category)]));
  return { items: found.slice(0, catalogLimits.searchItems), truncated: found.length > catalogLimits.searchItems };
}

/** One price per tier; the catalog key is `skuId@startUsageAmount`. */
function gcpEntriesOfSku(sku: GcpSku, region: string | null): NewPriceEntry[] {
  const pricing = sku.pricing!;
  const entryRegion = region ?? (sku.serviceRegions.length === 1 ? sku.serviceRegions[0]! : null);
  return pricing.tiers.map((tier) => ({
    source: 'gcp',
    provider: 'gcp',
    region: entryRegion === null ? null : catalogText(entryRegion, 'region'),
    sku: catalogText(sku.skuId, 'sku'),
    description: optionalCatalogText(pricing.tiers.length > 1 ? `${sku.description} (from ${tier.startUsageAmount} ${pricing.usageUnit})` : sku.description, 'description'),
    unit: catalogText(pricing.usageUnit, 'unit'),
    unitPrice: tier.unitPrice,
    // units + nanos / 10⁹: never more than 9 places, so never rounded.
    roundedFrom: null,
    currency: pricing.currency,
    effectiveDate: pricing.effectiveDate,
    catalogRef: `${sku.skuId}@${tier.startUsageAmount}`,
  }));
}

/**
 * The prices an import keeps: of the SKUs named (each must be a priced SKU of the service,
 * offered in the region when one is given, else 400 naming it), or with `skuIds` null of every
 * priced SKU of the region, when that makes at most `catalogLimits.importEntries` prices.
 */
export function gcpEntriesOf(skus: readonly GcpSku[], request: GcpImportRequest): NewPriceEntry[] {
  let chosen: GcpSku[];
  if (request.skuIds === null) {
    chosen = skus.filter((sku) => sku.pricing !== null && sku.pricing.tiers.length > 0 && offeredIn(sku, request.region));
  } else {
    const byId = new Map(skus.map((sku) => [sku.skuId, sku]));
    const problems = request.skuIds.flatMap((id, index) => {
      const sku = byId.get(id);
      const field = `skuIds[${index}]`;
      if (!sku) return [{ field, message: `is not a SKU of service ${request.serviceId}` }];
      if (!offeredIn(sku, request.region)) return [{ field, message: `is not offered in ${request.region}` }];
      if (sku.pricing === null || sku.pricing.tiers.length === 0) return [{ field, message: 'has no price in the catalog' }];
      return [];
    });
    if (problems.length > 0) throw new ValidationError('No such Google Cloud SKU', problems);
    chosen = request.skuIds.map((id) => byId.get(id)!);
  }
  const entries = chosen.flatMap((sku) => gcpEntriesOfSku(sku, request.region));
  if (entries.length > catalogLimits.importEntries) {
    throw new ValidationError('Too many Google Cloud prices', [{ field: 'skuIds', message: `must name the SKUs to import: that makes ${entries.length} prices, more than the ${catalogLimits.importEntries} one import takes` }]);
  }
  return entries;
}
