import type { AzureMeter } from '../../../contracts/prices';
import { ValidationError } from '../../platform/errors/service-error';
import { ExactDecimal } from '../../platform/money/exact-decimal';
import type { AzureImportRequest } from './catalog-requests';
import { catalogText, optionalCatalogText } from './catalog-text';
import type { AzureRetailPrice } from './catalogs/azure-retail-prices';
import type { NewPriceEntry } from './price-entry';

/**
 * What the service makes of Azure retail prices (docs/prices.md "Azure"): the meters a search
 * answers, and the one price an import keeps. Pure.
 */

/**
 * A meter of the search answer: Azure's own fields, prices as decimal strings; `roundedFrom` is
 * Azure's figure of `retailPrice` (the price an import keeps) when it was rounded to 12 places.
 */
export function azureMeterOf(item: AzureRetailPrice): AzureMeter {
  return {
    meterId: item.meterId,
    meterName: item.meterName,
    skuId: item.skuId,
    skuName: item.skuName,
    armSkuName: item.armSkuName,
    productId: item.productId,
    productName: item.productName,
    serviceId: item.serviceId,
    serviceName: item.serviceName,
    serviceFamily: item.serviceFamily,
    armRegionName: item.armRegionName,
    location: item.location,
    type: item.type,
    unitOfMeasure: item.unitOfMeasure,
    tierMinimumUnits: item.tierMinimumUnits,
    retailPrice: item.retailPrice.amount,
    unitPrice: item.unitPrice.amount,
    roundedFrom: item.retailPrice.roundedFrom,
    currency: item.currencyCode,
    effectiveDate: item.effectiveStartDate,
    isPrimaryMeterRegion: item.isPrimaryMeterRegion ?? null,
  };
}

/** The catalog key of an Azure price: `meterId;skuId;armRegionName;type;tierMinimumUnits`. */
export function azureCatalogRef(item: AzureRetailPrice): string {
  return [item.meterId, item.skuId, item.armRegionName, item.type, item.tierMinimumUnits].join(';');
}

export function azureEntryOf(item: AzureRetailPrice): NewPriceEntry {
  const description = [item.productName, item.skuName, item.meterName].filter((part, index, all) => part !== '' && all.indexOf(part) === index).join(' — ');
  return {
    source: 'azure',
    provider: 'azure',
    region: optionalCatalogText(item.armRegionName, 'region'),
    sku: catalogText(item.armSkuName || item.skuName || item.skuId, 'sku'),
    description: optionalCatalogText(description, 'description'),
    unit: catalogText(item.unitOfMeasure, 'unit'),
    unitPrice: item.retailPrice.amount,
    roundedFrom: item.retailPrice.roundedFrom,
    currency: item.currencyCode,
    effectiveDate: item.effectiveStartDate,
    catalogRef: azureCatalogRef(item),
  };
}

/**
 * The one retail price an import keeps from the items of its meter: pay-as-you-go
 * (`Consumption`) before other types; one SKU in one region (else 400 asking for `skuId` and
 * `armRegionName`); of a tiered meter the first tier (the lowest `tierMinimumUnits`).
 */
export function pickAzurePrice(items: readonly AzureRetailPrice[], request: AzureImportRequest): AzureRetailPrice {
  const matching = items.filter(
    (item) => item.meterId === request.meterId && (request.skuId === null || item.skuId === request.skuId) && (request.armRegionName === null || item.armRegionName === request.armRegionName) && item.currencyCode === request.currency,
  );
  if (matching.length === 0) {
    throw new ValidationError('No such Azure retail price', [{ field: 'meterId', message: `has no Azure retail price in ${request.currency}${request.skuId !== null || request.armRegionName !== null ? ' with the skuId and armRegionName given' : ''}` }]);
  }
  const consumption = matching.filter((item) => item.type === 'Consumption');
  const candidates = consumption.length > 0 ? consumption : matching;
  const places = new Set(candidates.map((item) => `${item.skuId} in ${item.armRegionName || 'no region'}`));
  if (places.size > 1) {
    const listed = [...places].sort().slice(0, 10).join(', ');
    const errors = [
      ...(request.skuId === null ? [{ field: 'skuId', message: `must be given: the meter has prices of ${places.size} SKUs or regions (${listed})` }] : []),
      ...(request.armRegionName === null ? [{ field: 'armRegionName', message: `must be given: the meter has prices of ${places.size} SKUs or regions (${listed})` }] : []),
    ];
    throw new ValidationError('Several Azure retail prices match', errors.length > 0 ? errors : [{ field: 'meterId', message: `matches prices of ${places.size} SKUs or regions (${listed})` }]);
  }
  return [...candidates].sort((a, b) => new ExactDecimal(a.tierMinimumUnits).comparedTo(b.tierMinimumUnits) || (a.effectiveStartDate < b.effectiveStartDate ? 1 : -1))[0]!;
}
