import { sendBytes, sendJson, startFakeHttpServer } from '../fake-hosts/fake-http-server';
import { catalogFaults, type FakeCatalog } from './catalog-faults';

/**
 * A fake AWS Price List bulk API answering the three files docs.aws.amazon.com "Reading the
 * price list files" documents: the service index `/offers/v1.0/aws/index.json`, a service's
 * region index, and one region's price list (`products` and `terms.OnDemand` with
 * `priceDimensions` and `pricePerUnit` as decimal strings). A missing file answers as S3 does:
 * 403 with an XML `AccessDenied` body.
 */

export interface FakeAwsRate {
  rateCode: string;
  description: string;
  unit: string;
  /** Currency → price text, e.g. `{ USD: '0.0116000000' }`. */
  pricePerUnit: Record<string, string>;
  beginRange?: string;
  endRange?: string;
}

export interface FakeAwsProduct {
  sku: string;
  productFamily: string;
  attributes: Record<string, string>;
  /** OnDemand terms of the SKU: offer term code → its date and rates. */
  onDemand: Record<string, { effectiveDate: string; rates: FakeAwsRate[] }>;
}

export interface FakeAwsOffer {
  offerCode: string;
  version: string;
  /** Region code → the products priced there. */
  regions: Record<string, FakeAwsProduct[]>;
}

const base = '/offers/v1.0/aws';

export async function startFakeAwsPriceList(options: { offers: FakeAwsOffer[] }): Promise<FakeCatalog> {
  const accessDenied = (response: Parameters<typeof sendBytes>[0]) =>
    sendBytes(response, 403, '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>', { 'content-type': 'application/xml' });
  const server = await startFakeHttpServer((request, response) => {
    const path = `/${request.segments.join('/')}`;
    if (request.method !== 'GET') return accessDenied(response);
    if (path === `${base}/index.json`) {
      return sendJson(response, 200, {
        formatVersion: 'v1.0',
        disclaimer: 'This pricing list is for informational purposes only.',
        publicationDate: '2025-01-02T00:00:00Z',
        offers: Object.fromEntries(
          options.offers.map((offer) => [
            offer.offerCode,
            {
              offerCode: offer.offerCode,
              versionIndexUrl: `${base}/${offer.offerCode}/index.json`,
              currentVersionUrl: `${base}/${offer.offerCode}/current/index.json`,
              currentRegionIndexUrl: `${base}/${offer.offerCode}/current/region_index.json`,
            },
          ]),
        ),
      });
    }
    const regionIndex = new RegExp(`^${base}/([^/]+)/current/region_index\\.json$`).exec(path);
    if (regionIndex) {
      const offer = options.offers.find((candidate) => candidate.offerCode === regionIndex[1]);
      if (!offer) return accessDenied(response);
      return sendJson(response, 200, {
        formatVersion: 'v1.0',
        disclaimer: 'This pricing list is for informational purposes only.',
        publicationDate: '2025-01-02T00:00:00Z',
        regions: Object.fromEntries(Object.keys(offer.regions).map((region) => [region, { regionCode: region, currentVersionUrl: `${base}/${offer.offerCode}/${offer.version}/${region}/index.json` }])),
      });
    }
    const priceList = new RegExp(`^${base}/([^/]+)/([^/]+)/([^/]+)/index\\.json$`).exec(path);
    const offer = priceList ? options.offers.find((candidate) => candidate.offerCode === priceList[1] && candidate.version === priceList[2]) : undefined;
    const products = offer?.regions[priceList?.[3] ?? ''];
    if (!offer || !products) return accessDenied(response);
    return sendJson(response, 200, {
      formatVersion: 'v1.0',
      disclaimer: 'This pricing list is for informational purposes only.',
      offerCode: offer.offerCode,
      version: offer.version,
      publicationDate: '2025-01-02T00:00:00Z',
      products: Object.fromEntries(products.map((product) => [product.sku, { sku: product.sku, productFamily: product.productFamily, attributes: product.attributes }])),
      terms: {
        OnDemand: Object.fromEntries(
          products.map((product) => [
            product.sku,
            Object.fromEntries(
              Object.entries(product.onDemand).map(([termCode, term]) => [
                `${product.sku}.${termCode}`,
                {
                  offerTermCode: termCode,
                  sku: product.sku,
                  effectiveDate: term.effectiveDate,
                  priceDimensions: Object.fromEntries(term.rates.map((rate) => [rate.rateCode, { ...rate, beginRange: rate.beginRange ?? '0', endRange: rate.endRange ?? 'Inf', appliesTo: [] }])),
                  termAttributes: {},
                },
              ]),
            ),
          ]),
        ),
        Reserved: {},
      },
    });
  });
  return catalogFaults(server, server.origin, (status) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>status ${status}</Message></Error>`);
}
