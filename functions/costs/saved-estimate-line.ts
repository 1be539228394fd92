import { writableLine } from '../../lib/features/costs/cost-lines';
import { lineName } from '../../lib/features/costs/cost-sheet';
import type { ApiRequest } from '../../lib/platform/http/api-types';
import { parseQuery } from '../../lib/platform/http/parse-input';
import type { ProjectRecord } from '../../lib/features/workspaces/project-store';
import { branchQuery } from './cost-inputs';

/**
 * Which saved estimates a request means: with `?branchId=` (a branch of the project, else 404)
 * those of that branch; without it those of every line.
 */
export async function savedEstimateLine(request: ApiRequest, project: ProjectRecord): Promise<string | null> {
  const { branchId } = parseQuery(branchQuery, request.query);
  return branchId === null ? null : lineName(await writableLine(request.runtime.db, project, branchId));
}
