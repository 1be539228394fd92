import { z } from 'zod';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody } from '../../lib/platform/http/parse-input';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { priceCsvResultSchema } from '../../contracts/prices';
import { importPriceCsv as importCsv } from '../../lib/features/prices/price-service';
import { priceWorkspace } from './price-workspace';

/** PriceCsvRequest of part 2: `csv` required; null is refused (there is nothing to read). */
const priceCsvRequest = z.strictObject(
  {
    csv: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : issue.input === null ? 'must not be null: send the CSV text' : 'must be a string holding the CSV text') }),
  },
  'must be an object',
);

/** 201 `{added: [price entry], refused: [{line, errors}]}`; 400 naming `csv` when the whole CSV is refused. */
export const importPriceCsv = defineRoute({
  group: 'prices',
  operation: 'import-price-csv',
  method: 'POST',
  path: '/api/workspaces/{workspaceId}/prices/csv',
  auth: 'person',
  bodyLimitBytes: bodyLimits.priceCsv,
  summary: 'Add prices from a CSV; refused rows are answered with their line (owner)',
  body: priceCsvRequest,
  answers: { 201: priceCsvResultSchema },
  access: { role: 'owner' },
  description: 'Rows that are refused are answered with their line; 400 naming `csv` when the whole CSV is refused (a wrong header, broken quoting).',
  example: { body: { csv: 'provider,region,sku,description,unit,unitPrice,currency,effectiveDate\naws,eu-west-1,t3.micro,,1 Hour,0.0114,USD,2025-01-01\n' } },
  run: async (request) => {
    const { workspaceId, caller } = await priceWorkspace(request, 'owner');
    const { csv } = parseBody(priceCsvRequest, request.body);
    const result = await importCsv(request.runtime.db, { workspaceId, actor: actorOf(caller), at: request.runtime.now() }, csv);
    return jsonResponse(201, result);
  },
});
