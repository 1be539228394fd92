import { z } from 'zod';
import { parseQuery } from '../../lib/platform/http/parse-input';

export const exportQuery = z.strictObject({ revisionId: z.string().max(100).optional() });

/**
 * Which model a signed-in export reads: the revision `?revisionId=` names, or undefined for main
 * (lib/features/exports/export-snapshot.ts). A share link passes none: it never reads a revision.
 */
export function revisionOfQuery(query: URLSearchParams): string | undefined {
  return parseQuery(exportQuery, query).revisionId;
}
