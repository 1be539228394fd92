import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema';
import type { ApiRequest } from '../../lib/http/api-types';
import { parseQuery } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import type { ModelKind } from '../../lib/model/model-records';
import { branchOrMain, revisionOf, type ModelStream } from '../../lib/model/stream-store';
import { guidText } from '../../lib/http/common-schemas';

export const branchQuery = z.strictObject({ branchId: guidText.optional() });

/** The stream of `?branchId=` (a draft or variant of the project), else main. */
export async function streamOfRequest(db: Kysely<Database>, projectId: string, branchId: string | undefined): Promise<ModelStream> {
  return branchOrMain(db, projectId, branchId?.toLowerCase() ?? null);
}

export const readStreamQuery = { branchId: guidText.optional(), revisionId: guidText.optional() };

/**
 * The stream a read names: a branch by `branchId`, a revision by `revisionId`
 * (read only; 400 when it is not a revision of the project, as the exports
 * answer), else main. Both at once is refused.
 */
export async function readStreamOf(db: Kysely<Database>, projectId: string, query: { branchId?: string | undefined; revisionId?: string | undefined }): Promise<ModelStream> {
  if (query.branchId !== undefined && query.revisionId !== undefined) {
    throw HttpProblem.validation('Invalid query', [{ field: 'revisionId', message: 'cannot be given together with branchId' }]);
  }
  if (query.revisionId !== undefined) return revisionOf(db, projectId, query.revisionId.toLowerCase());
  return streamOfRequest(db, projectId, query.branchId);
}

export function branchIdOf(request: ApiRequest): string | undefined {
  return parseQuery(branchQuery, request.query).branchId;
}

export function recordNotFound(kind: ModelKind): HttpProblem {
  return HttpProblem.notFound(`${kind[0]!.toUpperCase()}${kind.slice(1)} not found`);
}
