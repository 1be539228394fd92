import { ValidationError } from '../../platform/errors/service-error';
import { type AwsImportRequest, catalogLimits } from './catalog-requests';
import { catalogText, matchesSearch, optionalCatalogText } from './catalog-text';
import type { AwsRate } from './catalogs/aws-price-list';
import type { NewPriceEntry } from './price-entry';

/**
 * What the service makes of AWS OnDemand rates (docs/prices.md "AWS"): the rates a search
 * answers, and the prices an import keeps. Pure.
 */

/** The rates a `search` keeps (any case, in the rate code, SKU, family, description, unit or an attribute), at most `catalogLimits.searchItems`. */
export function findAwsRates(rates: readonly AwsRate[], search: string | null): { items: AwsRate[]; truncated: boolean } {
  const found = rates.filter((rate) => matchesSearch(search, [rate.rateCode, rate.sku, rate.productFamily, rate.description, rate.unit, ...Object.values(rate.attributes)]));
  return { items: found.slice(0, catalogLimits.searchItems), truncated: found.length > catalogLimits.searchItems };
}

export function awsEntryOf(rate: AwsRate, region: string): NewPriceEntry {
  return {
    source: 'aws',
    provider: 'aws',
    region: catalogText(region, 'region'),
    sku: catalogText(rate.sku, 'sku'),
    description: optionalCatalogText(rate.description, 'description'),
    unit: catalogText(rate.unit, 'unit'),
    unitPrice: rate.unitPrice,
    roundedFrom: rate.roundedFrom,
    currency: rate.currency,
    effectiveDate: rate.effectiveDate,
    catalogRef: rate.rateCode,
  };
}

/**
 * The prices an import keeps: the rates named (each must be an OnDemand rate of the service in
 * the region, else 400 naming it), or with `rateCodes` null every OnDemand rate, when there are
 * at most `catalogLimits.importEntries`.
 */
export function awsEntriesOf(rates: readonly AwsRate[], request: AwsImportRequest): NewPriceEntry[] {
  let chosen: AwsRate[];
  if (request.rateCodes === null) {
    chosen = [...rates];
    if (chosen.length > catalogLimits.importEntries) {
      throw new ValidationError('Too many AWS rates', [{ field: 'rateCodes', message: `must name the rates to import: ${request.service} has ${chosen.length} OnDemand rates in ${request.region}, more than the ${catalogLimits.importEntries} one import takes` }]);
    }
  } else {
    const byCode = new Map<string, AwsRate[]>();
    for (const rate of rates) byCode.set(rate.rateCode, [...(byCode.get(rate.rateCode) ?? []), rate]);
    const unknown = request.rateCodes.flatMap((code, index) => (byCode.has(code) ? [] : [{ field: `rateCodes[${index}]`, message: `is not an OnDemand rate of ${request.service} in ${request.region}` }]));
    if (unknown.length > 0) throw new ValidationError('No such AWS rate', unknown);
    chosen = request.rateCodes.flatMap((code) => byCode.get(code)!);
  }
  return chosen.map((rate) => awsEntryOf(rate, request.region));
}
