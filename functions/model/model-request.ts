import { z } from 'zod';
import type { ApiRequest } from '../../lib/platform/http/api-types';
import { parseQuery } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import type { ModelKind } from '../../lib/core/model/model-records';
import { guidText } from '../../lib/platform/http/common-schemas';

export const branchQuery = z.strictObject({ branchId: guidText.optional() });

export const readStreamQuery = { branchId: guidText.optional(), revisionId: guidText.optional() };

/** The branch `?branchId=` names (lower case), or null for main: what `branchOrMain` (lib/core/model/stream-store.ts) takes. */
export function branchIdOf(request: ApiRequest): string | null {
  return parseQuery(branchQuery, request.query).branchId?.toLowerCase() ?? null;
}

export function recordNotFound(kind: ModelKind): HttpProblem {
  return HttpProblem.notFound(`${kind[0]!.toUpperCase()}${kind.slice(1)} not found`);
}
