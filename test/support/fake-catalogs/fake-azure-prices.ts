import { sendJson, startFakeHttpServer } from '../fake-hosts/fake-http-server';
import { catalogFaults, type FakeCatalog } from './catalog-faults';

/**
 * A fake Azure Retail Prices API (`GET /api/retail/prices`), answering as
 * learn.microsoft.com "Azure Retail Prices overview" documents it: `currencyCode='EUR'` as its
 * own parameter, `$filter` of `field eq 'value'` joined with `and` (OData strings, a quote
 * doubled), pages of `Items` with an absolute `NextPageLink` carrying `$skip`, and prices as
 * JSON numbers written with the digits given here (not rounded through a float).
 */

export interface FakeAzureItem {
  currencyCode: string;
  /** Written as a JSON number with exactly these digits. */
  retailPrice: string;
  unitPrice?: string;
  tierMinimumUnits?: string;
  armRegionName: string;
  location?: string;
  effectiveStartDate: string;
  meterId: string;
  meterName: string;
  productId?: string;
  skuId: string;
  productName: string;
  skuName: string;
  serviceName: string;
  serviceId?: string;
  serviceFamily?: string;
  unitOfMeasure: string;
  type?: string;
  isPrimaryMeterRegion?: boolean;
  armSkuName?: string;
}

export const azurePricesPath = '/api/retail/prices';

/** Reads `a eq 'x' and b eq 'it''s'` into field → value; null when the filter is not of that form. */
export function parseODataFilter(filter: string): Map<string, string> | null {
  const terms = new Map<string, string>();
  const term = /^\s*([A-Za-z]+) eq '((?:[^']|'')*)'\s*(?:and\s|$)/;
  let rest = filter;
  while (rest.trim() !== '') {
    const match = term.exec(rest);
    if (!match) return null;
    terms.set(match[1]!, match[2]!.replaceAll("''", "'"));
    rest = rest.slice(match[0].length);
  }
  return terms;
}

const filterable = new Set(['serviceName', 'armRegionName', 'skuName', 'meterName', 'meterId', 'skuId', 'productName', 'serviceFamily', 'priceType', 'location']);

export async function startFakeAzurePrices(options: { items: FakeAzureItem[]; pageSize?: number }): Promise<FakeCatalog> {
  const pageSize = options.pageSize ?? 100;
  const server = await startFakeHttpServer((request, response) => {
    const path = `/${request.segments.join('/')}`;
    if (request.method !== 'GET' || path !== azurePricesPath) return sendJson(response, 404, { Message: 'No HTTP resource was found that matches the request URI.' });
    const currencyParam = request.query.get('currencyCode') ?? "'USD'";
    const currency = /^'([A-Z]{3})'$/.exec(currencyParam)?.[1];
    if (!currency) return sendJson(response, 400, { Message: `Invalid currencyCode ${currencyParam}` });
    const filter = parseODataFilter(request.query.get('$filter') ?? '');
    if (filter === null || [...filter.keys()].some((field) => !filterable.has(field))) return sendJson(response, 400, { Message: 'Invalid OData filter' });
    const skip = Number(request.query.get('$skip') ?? '0');
    const matching = options.items.filter((item) => item.currencyCode === currency && [...filter].every(([field, value]) => String((item as unknown as Record<string, unknown>)[field] ?? '') === value));
    const page = matching.slice(skip, skip + pageSize).map((item) => ({
      currencyCode: item.currencyCode,
      tierMinimumUnits: item.tierMinimumUnits ?? '0',
      retailPrice: item.retailPrice,
      unitPrice: item.unitPrice ?? item.retailPrice,
      armRegionName: item.armRegionName,
      location: item.location ?? item.armRegionName,
      effectiveStartDate: item.effectiveStartDate,
      meterId: item.meterId,
      meterName: item.meterName,
      productId: item.productId ?? 'DZH318Z0BQ4L',
      skuId: item.skuId,
      productName: item.productName,
      skuName: item.skuName,
      serviceName: item.serviceName,
      serviceId: item.serviceId ?? 'DZH313Z7MMC8',
      serviceFamily: item.serviceFamily ?? 'Compute',
      unitOfMeasure: item.unitOfMeasure,
      type: item.type ?? 'Consumption',
      isPrimaryMeterRegion: item.isPrimaryMeterRegion ?? true,
      armSkuName: item.armSkuName ?? '',
    }));
    const next = skip + pageSize < matching.length ? new URL(`${server.origin}${azurePricesPath}`) : null;
    if (next) {
      next.search = request.rawPath.split('?')[1] ?? '';
      next.searchParams.set('$skip', String(skip + pageSize));
    }
    const body = { BillingCurrency: 'USD', CustomerEntityId: 'Default', CustomerEntityType: 'Retail', Items: page, NextPageLink: next?.toString() ?? null, Count: page.length };
    // Prices go out as JSON numbers with the digits given, as Azure writes them.
    const text = JSON.stringify(body).replace(/"(retailPrice|unitPrice|tierMinimumUnits)":"([-0-9.eE+]+)"/g, '"$1":$2');
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  });
  return catalogFaults(server, `${server.origin}${azurePricesPath}`, (status) => ({ Message: `An error has occurred (${status}).` }));
}
