import { z } from 'zod';
import { displayName } from '../../platform/http/common-schemas';

/** Names a Source is given: shown in lists, and its slug finds it. */
export const sourceName = displayName(200);

/** Short text without control characters (names, repositories, refs, paths), or null. */
const nullableText = (max: number) => displayName(max).nullable();

/** CreateSourceRequest of part 2: kind, name and repository required (each may be null); the rest optional. */
export const createSourceRequest = z.strictObject({
  kind: z.string('must be a string').nullable(),
  name: sourceName.nullable(),
  repository: nullableText(400),
  accountId: z.union([z.int('must be a whole number'), z.string('must be a number or a string')]).nullable().optional(),
  region: nullableText(20).optional(),
  apiKey: nullableText(4096).optional(),
  path: nullableText(1000).optional(),
});
export type CreateSourceRequest = z.infer<typeof createSourceRequest>;

/** UpdateSourceRequest: the new name. */
export const updateSourceRequest = z.strictObject({ name: sourceName.nullable() });

/** BulkAddRequest: many repositories of one host, each its own Source, each queued for a scan. */
export const bulkAddRequest = z.strictObject({
  kind: z.string('must be a string').nullable(),
  repositories: z.array(displayName(400), 'must be a list of repository names').max(200, 'must hold at most 200 repositories').nullable(),
  ref: nullableText(255).optional(),
});

const pathList = z.array(displayName(1000), 'must be a list of paths').max(200, 'must hold at most 200 paths').nullable();

/** StartSourceScanRequest: `ref`, `includePaths`, `excludePaths` required (null allowed); `pullRequest` optional. */
export const startSourceScanRequest = z.strictObject({
  ref: nullableText(255),
  includePaths: pathList,
  excludePaths: pathList,
  pullRequest: z.union([z.int('must be a whole number').min(1, 'must be at least 1'), z.string().regex(/^[1-9][0-9]{0,9}$/, 'must be a pull request number')]).nullable().optional(),
});
export type StartSourceScanRequest = z.infer<typeof startSourceScanRequest>;

/** StartScanRequest (POST P/imports): as a Source scan, naming the repository. */
export const startScanRequest = startSourceScanRequest.extend({ repository: nullableText(400) });
