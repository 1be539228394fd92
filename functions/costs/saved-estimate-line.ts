import { writableLine } from '../../lib/costs/cost-lines';
import { lineName } from '../../lib/costs/cost-sheet';
import type { ApiRequest } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { branchQuery } from './cost-inputs';

/**
 * Which saved estimates a request means: with `?branchId=` (a branch of the project, else 404)
 * those of that branch; without it those of every line.
 */
export async function savedEstimateLine(request: ApiRequest, projectId: string): Promise<string | null> {
  const { branchId } = parseQuery(branchQuery, request.query);
  return branchId === null ? null : lineName(await writableLine(request.runtime.db, projectId, branchId));
}
