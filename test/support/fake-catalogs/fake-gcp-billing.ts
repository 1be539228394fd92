import { sendJson, startFakeHttpServer } from '../fake-hosts/fake-http-server';
import { catalogFaults, type FakeCatalog } from './catalog-faults';

/**
 * A fake Cloud Billing Catalog API v1, answering as cloud.google.com/billing/docs/reference/rest
 * documents it: `GET /v1/services` and `GET /v1/services/{serviceId}/skus`, the API key as the
 * `key` parameter (Google's 400 `INVALID_ARGUMENT` without a good one), pages with
 * `nextPageToken` ("" on the last), and proto3 JSON that leaves out members at their default
 * (units "0", nanos 0, startUsageAmount 0).
 */

export interface FakeGcpService {
  serviceId: string;
  displayName: string;
  businessEntityName?: string;
}

export interface FakeGcpSku {
  serviceId: string;
  skuId: string;
  description: string;
  resourceFamily?: string;
  usageType?: string;
  serviceRegions: string[];
  usageUnit: string;
  effectiveTime: string;
  /** Currency → tiers from a usage amount on, each `units` (int64 text) and `nanos`. */
  prices: Record<string, { startUsageAmount: number; units: string; nanos: number }[]>;
}

function errorBody(status: number, message: string) {
  const names: Record<number, string> = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 500: 'INTERNAL', 503: 'UNAVAILABLE' };
  return { error: { code: status, message, status: names[status] ?? 'UNKNOWN' } };
}

export async function startFakeGcpBilling(options: { apiKey: string; services: FakeGcpService[]; skus: FakeGcpSku[]; pageSize?: number }): Promise<FakeCatalog> {
  const server = await startFakeHttpServer((request, response) => {
    if (request.query.get('key') !== options.apiKey) return sendJson(response, 400, errorBody(400, 'API key not valid. Please pass a valid API key.'));
    const asked = Number(request.query.get('pageSize') ?? '5000');
    const pageSize = Math.min(asked, options.pageSize ?? 5000);
    const token = request.query.get('pageToken') ?? '';
    const start = token === '' ? 0 : Number(Buffer.from(token, 'base64url').toString('utf8').replace(/^offset:/, ''));
    const page = <T>(all: T[]) => ({ items: all.slice(start, start + pageSize), nextPageToken: start + pageSize < all.length ? Buffer.from(`offset:${start + pageSize}`).toString('base64url') : '' });
    const [version, collection, serviceId, sub] = request.segments;
    if (version !== 'v1' || collection !== 'services') return sendJson(response, 404, errorBody(404, 'Method not found.'));
    if (serviceId === undefined) {
      const { items, nextPageToken } = page(options.services);
      return sendJson(response, 200, { services: items.map((service) => ({ name: `services/${service.serviceId}`, serviceId: service.serviceId, displayName: service.displayName, businessEntityName: service.businessEntityName ?? 'businessEntities/GCP' })), nextPageToken });
    }
    if (sub !== 'skus' || !options.services.some((service) => service.serviceId === serviceId)) return sendJson(response, 404, errorBody(404, `Service ${serviceId} not found.`));
    const currency = request.query.get('currencyCode') || 'USD';
    const { items, nextPageToken } = page(options.skus.filter((sku) => sku.serviceId === serviceId));
    return sendJson(response, 200, {
      skus: items.map((sku) => {
        const tiers = sku.prices[currency];
        return {
          name: `services/${serviceId}/skus/${sku.skuId}`,
          skuId: sku.skuId,
          description: sku.description,
          category: { serviceDisplayName: options.services.find((service) => service.serviceId === serviceId)!.displayName, resourceFamily: sku.resourceFamily ?? 'Compute', resourceGroup: 'N1Standard', usageType: sku.usageType ?? 'OnDemand' },
          serviceRegions: sku.serviceRegions,
          pricingInfo: tiers
            ? [
                {
                  summary: '',
                  pricingExpression: {
                    usageUnit: sku.usageUnit,
                    displayQuantity: 1,
                    tieredRates: tiers.map((tier) => ({
                      ...(tier.startUsageAmount !== 0 ? { startUsageAmount: tier.startUsageAmount } : {}),
                      unitPrice: { currencyCode: currency, ...(tier.units !== '0' ? { units: tier.units } : {}), ...(tier.nanos !== 0 ? { nanos: tier.nanos } : {}) },
                    })),
                    usageUnitDescription: `${sku.usageUnit} of use`,
                    baseUnit: 's',
                    baseUnitDescription: 'second',
                    baseUnitConversionFactor: 3600,
                  },
                  currencyConversionRate: 1,
                  effectiveTime: sku.effectiveTime,
                },
              ]
            : [],
          serviceProviderName: 'Google',
        };
      }),
      nextPageToken,
    });
  });
  return catalogFaults(server, server.origin, (status) => errorBody(status, `The service is currently unavailable (${status}).`));
}
