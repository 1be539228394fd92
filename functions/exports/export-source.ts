import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../lib/db/schema';
import { parseQuery } from '../../lib/http/parse-input';
import * as snapshot from '../../lib/exports/export-snapshot';
import type { ViewRecord } from '../../lib/model/view-store';

export const exportQuery = z.strictObject({ revisionId: z.string().max(100).optional() });

/** Which model an export reads: main, or the revision `?revisionId=` names. */
export type ExportModelChoice = { readonly kind: 'main' } | { readonly kind: 'query'; readonly query: URLSearchParams };

/** The query of a signed-in export: `?revisionId=` chooses a revision, else main. */
export const fromQuery = (query: URLSearchParams): ExportModelChoice => ({ kind: 'query', query });

/** Main at its current version, whatever the query says (a share link never reads a revision). */
export const mainModel: ExportModelChoice = Object.freeze({ kind: 'main' });

/** The revision the choice names, or undefined for main. */
function revisionOfChoice(choice: ExportModelChoice): string | undefined {
  return choice.kind === 'query' ? parseQuery(exportQuery, choice.query).revisionId : undefined;
}

/** A view export (lib/exports/export-snapshot.ts) of the model the choice names. */
export function readViewExport(db: Kysely<Database>, projectId: string, view: string | ViewRecord, choice: ExportModelChoice): Promise<snapshot.ViewExport> {
  return snapshot.readViewExport(db, projectId, view, revisionOfChoice(choice));
}

/** The architecture-DSL export (lib/exports/export-snapshot.ts) of the model the choice names. */
export function readArchitectureDslExport(db: Kysely<Database>, projectId: string, choice: ExportModelChoice): Promise<snapshot.ArchitectureDslExport> {
  return snapshot.readArchitectureDslExport(db, projectId, revisionOfChoice(choice));
}
