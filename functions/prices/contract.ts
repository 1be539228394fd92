import { z } from 'zod';
import { pageQuery } from '../../lib/http/common-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { calendarDate, pageOf } from '../../lib/openapi/schema-kit';
import { awsImportRequest, awsPricesQuery, awsRegionsQuery, azureImportRequest, azureMeterQuery, gcpImportRequest, gcpSkusQuery } from '../../lib/prices/catalog-requests';
import { decimalText, priceEntrySchema } from '../../lib/prices/price-answer-schema';
import { customPriceRequest } from '../../lib/prices/price-rules';
import { priceCsvRequest } from './import-price-csv';

const fieldError = z.object({ field: z.string(), message: z.string() });
const entries = z.object({ items: z.array(priceEntrySchema) });
const catalogFailure = '502 when the catalog fails or refuses (nothing is stored).';
const noCatalog = 'the test instance reaches no price catalog';

const azureMeter = z.looseObject({
  meterId: z.string(),
  meterName: z.string(),
  skuId: z.string(),
  skuName: z.string(),
  armRegionName: z.string(),
  unitOfMeasure: z.string(),
  retailPrice: z.number(),
  unitPrice: z.number(),
  currency: z.string(),
  effectiveDate: z.string(),
});
const awsRate = z.looseObject({
  rateCode: z.string(),
  sku: z.string(),
  productFamily: z.string().nullable(),
  description: z.string().nullable(),
  unit: z.string(),
  unitPrice: decimalText,
  currency: z.string(),
  effectiveDate: calendarDate,
  attributes: z.record(z.string(), z.string()),
});
const gcpSku = z.looseObject({
  skuId: z.string(),
  description: z.string(),
  serviceRegions: z.array(z.string()),
  usageUnit: z.string().nullable(),
  currency: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  tiers: z.array(z.looseObject({})),
});

export const contracts: GroupContracts = {
  'list-prices': { query: pageQuery, responses: { 200: pageOf(priceEntrySchema) }, access: { role: 'viewer' }, description: 'Oldest first.', example: { as: 'readToken' } },
  'create-price': {
    body: customPriceRequest,
    responses: { 201: priceEntrySchema },
    access: { role: 'owner' },
    example: { body: { provider: 'azure', region: 'westeurope', sku: 'D4s v5', description: null, unit: '1 Hour', unitPrice: '0.192', currency: 'EUR', effectiveDate: '2025-01-01' } },
  },
  'import-price-csv': {
    body: priceCsvRequest,
    responses: { 201: z.object({ added: z.array(priceEntrySchema), refused: z.array(z.object({ line: z.number().int(), errors: z.array(fieldError) })) }) },
    access: { role: 'owner' },
    description: 'Rows that are refused are answered with their line; 400 naming `csv` when the whole CSV is refused (a wrong header, broken quoting).',
    example: { body: { csv: 'provider,region,sku,description,unit,unitPrice,currency,effectiveDate\naws,eu-west-1,t3.micro,,1 Hour,0.0114,USD,2025-01-01\n' } },
  },
  'search-azure-meters': {
    query: azureMeterQuery,
    responses: { 200: z.object({ currency: z.string(), items: z.array(azureMeter), nextCursor: z.string().nullable() }), 409: 'problem', 502: 'problem' },
    access: { role: 'viewer' },
    description: `409 while cost.azurePricesBaseUrl is empty. ${catalogFailure}`,
    example: { query: { serviceName: 'Virtual Machines' }, status: 409, why: 'the fixture workspace turns the Azure search off' },
  },
  'import-azure-price': {
    body: azureImportRequest,
    responses: { 201: priceEntrySchema, 409: 'problem', 502: 'problem' },
    access: { role: 'owner' },
    description: catalogFailure,
    example: { body: { meterId: 'abc', skuId: null, armRegionName: null, currency: 'EUR' }, status: 409, why: 'the fixture workspace turns the Azure search off' },
  },
  'list-aws-services': {
    responses: { 200: z.object({ items: z.array(z.object({ service: z.string() })) }), 502: 'problem' },
    access: { role: 'viewer' },
    description: catalogFailure,
    example: { status: 502, why: noCatalog },
  },
  'list-aws-regions': {
    query: awsRegionsQuery,
    responses: { 200: z.object({ items: z.array(z.object({ regionCode: z.string() })) }), 502: 'problem' },
    access: { role: 'viewer' },
    description: `400 for a service the list lacks. ${catalogFailure}`,
    example: { query: { service: 'AmazonEC2' }, status: 502, why: noCatalog },
  },
  'search-aws-prices': {
    query: awsPricesQuery,
    responses: { 200: z.object({ items: z.array(awsRate), truncated: z.boolean() }), 502: 'problem' },
    access: { role: 'viewer' },
    description: catalogFailure,
    example: { query: { service: 'AmazonEC2', region: 'us-east-1', search: 't3.micro' }, status: 502, why: noCatalog },
  },
  'import-aws-prices': {
    body: awsImportRequest,
    responses: { 201: entries, 502: 'problem' },
    access: { role: 'owner' },
    description: catalogFailure,
    example: { body: { service: 'AmazonEC2', region: 'us-east-1', rateCodes: ['X.Y.Z'] }, status: 502, why: noCatalog },
  },
  'list-gcp-services': {
    responses: { 200: z.object({ items: z.array(z.object({ serviceId: z.string(), displayName: z.string(), businessEntityName: z.string() })) }), 409: 'problem', 502: 'problem' },
    access: { role: 'viewer' },
    description: `409 without the workspace credential gcp:apiKey. ${catalogFailure}`,
    example: { status: 409, why: 'the fixture workspace holds no gcp:apiKey' },
  },
  'search-gcp-skus': {
    query: gcpSkusQuery,
    responses: { 200: z.object({ currency: z.string(), items: z.array(gcpSku), truncated: z.boolean() }), 409: 'problem', 502: 'problem' },
    access: { role: 'viewer' },
    description: `409 without gcp:apiKey. ${catalogFailure}`,
    example: { query: { serviceId: '6F81-5844-456A' }, status: 409, why: 'the fixture workspace holds no gcp:apiKey' },
  },
  'import-gcp-prices': {
    body: gcpImportRequest,
    responses: { 201: entries, 409: 'problem', 502: 'problem' },
    access: { role: 'owner' },
    description: `409 without gcp:apiKey. ${catalogFailure}`,
    example: { body: { serviceId: '6F81-5844-456A', region: null, currency: 'USD', skuIds: null }, status: 409, why: 'the fixture workspace holds no gcp:apiKey' },
  },
  'delete-price': {
    responses: { 204: 'empty', 404: 'problem', 409: 'problem' },
    access: { role: 'owner' },
    description: '409 naming each cost sheet that uses it.',
    example: { params: { priceId: '{doomedPriceId}' }, last: true },
  },
};
