import { randomUUID } from 'node:crypto';
import { authorizeProject, type ProjectAccess, type WorkspaceRole } from '../../lib/features/auth/access-policy';
import type { Caller } from '../../lib/platform/http/caller';
import { todayOf } from '../../lib/platform/calendar/calendar-date';
import { costSheetOf, type CostLine } from '../../lib/features/costs/cost-sheet';
import { changeSheet } from '../../lib/features/costs/cost-sheet-store';
import type { CostContext } from '../../lib/features/costs/estimate-service';
import type { SheetChange } from '../../lib/features/costs/sheet-rules';
import { writableLine } from '../../lib/features/costs/cost-lines';
import { jsonResponse, type ApiRequest, type ApiResponse } from '../../lib/platform/http/api-types';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import type { ServiceRuntime } from '../../lib/platform/runtime/service-runtime';
import { branchQuery } from './cost-inputs';

/**
 * What every cost operation does first: the project with the role needed (viewer reads, editor
 * changes; an agent token with `read` reads), as the access policy decides for the signed-in caller.
 */
export async function openProject(request: ApiRequest<Caller>, need: WorkspaceRole): Promise<ProjectAccess> {
  return authorizeProject(request.runtime.db, request.caller, pathUuid(request.pathParameters.projectId, 'Project'), need);
}

export function costContext(runtime: ServiceRuntime): CostContext {
  return { db: runtime.db, profile: runtime.config.profile };
}

/** `asOf` as given, else the day it is now (UTC). */
export function asOfOrToday(runtime: ServiceRuntime, asOf: string | null): string {
  return asOf ?? todayOf(runtime.now());
}

/** The editable line of `?branchId=` (main without it) of a project the caller may edit. */
export async function openEditableLine(request: ApiRequest<Caller>): Promise<{ access: ProjectAccess; line: CostLine }> {
  const access = await openProject(request, 'editor');
  const { branchId } = parseQuery(branchQuery, request.query);
  return { access, line: await writableLine(request.runtime.db, access.project, branchId) };
}

/** Applies one change to the sheet of the request's line and answers the whole sheet with `status`. */
export async function answerSheetChange(request: ApiRequest<Caller>, status: number, changeOf: () => SheetChange): Promise<ApiResponse> {
  const { access, line } = await openEditableLine(request);
  const change = changeOf();
  const stored = await changeSheet(request.runtime.db, { line, workspaceId: access.project.workspaceId, change, now: request.runtime.now() });
  return jsonResponse(status, costSheetOf(line, stored));
}

/** The ID of a new record: the one the body gives, else a new one. */
export function idOrNew(id: string | null): string {
  return id ?? randomUUID();
}

/** A PUT names its record in the path; a body `id` must be null or that same ID. */
export function idOfPut(pathId: string, bodyId: string | null): string {
  if (bodyId !== null && bodyId !== pathId) throw HttpProblem.validation('Invalid request body', [{ field: 'id', message: 'must be null or the ID in the path' }]);
  return pathId;
}
