import { z } from 'zod';
import { comparisonSchema, costSheetSchema, estimateSchema, projectPriceSchema, savedEstimateSchema, savedEstimateSummarySchema } from '../../lib/costs/cost-answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { calendarDate, listOf } from '../../lib/openapi/schema-kit';
import { assumptionRequest, branchQuery, compareQuery, copyRequest, estimateQuery, pricesQuery, resourceRequest, saveEstimateRequest, sheetQuery } from './cost-inputs';

const sheetAnswer = 'Answers the whole sheet.';

/** A resource over the fixture world's model, priced by the workspace's price. */
const resource = (id: string | null, name: string) => ({
  id,
  elementId: '{model_orders}',
  name,
  category: 'compute',
  provider: 'azure',
  region: 'westeurope',
  sku: 'D2s v5',
  quantity: '2',
  unit: null,
  priceRef: '{priceId}',
  usage: [{ label: 'Hours', quantity: null, assumptionId: '{assumptionId}', unit: 'hours' }],
  factStatus: null,
  provenance: null,
});
const assumption = (id: string | null, name: string) => ({ id, name, kind: 'usage', subjectId: null, value: '730', unit: 'hours', label: 'declared', source: null, effectiveDate: '2025-01-01' });

export const contracts: GroupContracts = {
  'get-cost-sheet': { query: sheetQuery, responses: { 200: costSheetSchema, 400: 'problem', 404: 'problem' }, access: { role: 'viewer' }, example: { as: 'readToken' } },
  'copy-cost-sheet': {
    query: branchQuery,
    body: copyRequest,
    responses: { 200: costSheetSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'editor' },
    description: `Replaces this line's sheet with a copy of the sheet of \`from\` (\`main\`, a branch or a revision). ${sheetAnswer}`,
    example: { as: 'editor', query: { branchId: '{branchId}' }, body: { from: 'main' } },
  },
  'create-cost-resource': {
    query: branchQuery,
    body: resourceRequest,
    responses: { 201: costSheetSchema, 400: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: `Every member is required (null where allowed); \`id\` null makes a new ID. ${sheetAnswer}`,
    example: { as: 'editor', body: resource(null, 'Workers') },
  },
  'replace-cost-resource': {
    query: branchQuery,
    body: resourceRequest,
    responses: { 200: costSheetSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: sheetAnswer,
    example: { as: 'editor', params: { resourceId: '{spareResourceId}' }, body: resource(null, 'Web servers, resized') },
  },
  'delete-cost-resource': {
    query: branchQuery,
    responses: { 200: costSheetSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: `409 naming the assumptions about it. ${sheetAnswer}`,
    example: { as: 'editor', params: { resourceId: '{doomedResourceId}' }, last: true },
  },
  'create-cost-assumption': {
    query: branchQuery,
    body: assumptionRequest,
    responses: { 201: costSheetSchema, 400: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: sheetAnswer,
    example: { as: 'editor', body: assumption(null, 'Days per month') },
  },
  'replace-cost-assumption': {
    query: branchQuery,
    body: assumptionRequest,
    responses: { 200: costSheetSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'editor' },
    description: sheetAnswer,
    example: { as: 'editor', params: { assumptionId: '{spareAssumptionId}' }, body: assumption(null, 'Spare, revised') },
  },
  'delete-cost-assumption': {
    query: branchQuery,
    responses: { 200: costSheetSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: `409 naming the resources whose usage lines use it. ${sheetAnswer}`,
    example: { as: 'editor', params: { assumptionId: '{doomedAssumptionId}' }, last: true },
  },
  'get-cost-estimate': {
    query: estimateQuery,
    responses: { 200: estimateSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'viewer' },
    description: 'On `?asOf=` (default today, UTC), from the workspace prices; totals per currency and per element; unpriced resources listed with their reason, never counted as zero.',
    example: { as: 'readToken', query: { asOf: '2025-06-01' } },
  },
  'compare-cost-estimates': {
    query: compareQuery,
    responses: { 200: comparisonSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer', query: { left: 'main', right: '{branchId}', asOf: '2025-06-01' } },
  },
  'list-saved-estimates': { query: branchQuery, responses: { 200: listOf(savedEstimateSummarySchema) }, access: { role: 'viewer' }, description: 'Newest first.', example: { as: 'viewer' } },
  'save-estimate': {
    query: branchQuery,
    body: saveEstimateRequest,
    responses: { 201: savedEstimateSchema, 400: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', body: { name: 'June', asOf: '2025-06-01' } },
  },
  'get-saved-estimate': { query: branchQuery, responses: { 200: savedEstimateSchema, 404: 'problem' }, access: { role: 'viewer' }, example: { as: 'viewer' } },
  'delete-saved-estimate': {
    query: branchQuery,
    responses: { 204: 'empty', 404: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', params: { estimateId: '{doomedEstimateId}' }, last: true },
  },
  'list-project-prices': {
    query: pricesQuery,
    responses: { 200: z.object({ asOf: calendarDate, items: z.array(projectPriceSchema) }) },
    access: { role: 'viewer' },
    example: { as: 'readToken', query: { asOf: '2025-06-01' } },
  },
};
