import { z } from 'zod';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody } from '../../lib/http/parse-input';
import { importPriceCsv as importCsv } from '../../lib/prices/price-service';
import { priceWorkspace } from './price-workspace';

/** PriceCsvRequest of part 2: `csv` required; null is refused (there is nothing to read). */
export const priceCsvRequest = z.strictObject(
  {
    csv: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : issue.input === null ? 'must not be null: send the CSV text' : 'must be a string holding the CSV text') }),
  },
  'must be an object',
);

/** POST W/prices/csv (owner): 201 `{added: [price entry], refused: [{line, errors}]}`; 400 naming `csv` when the whole CSV is refused. */
export const importPriceCsv: Operation = async (request) => {
  const { workspaceId, caller } = await priceWorkspace(request, 'owner');
  const { csv } = parseBody(priceCsvRequest, request.body);
  const result = await importCsv(request.runtime.db, { workspaceId, actor: actorOf(caller), at: request.runtime.now() }, csv);
  return jsonResponse(201, result);
};
