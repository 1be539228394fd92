import { authorizeProject } from '../../lib/features/auth/access-policy';
import type { Caller } from '../../lib/platform/http/caller';
import { textResponse, type ApiRequest, type ApiResponse } from '../../lib/platform/http/api-types';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { readViewExport } from '../../lib/features/exports/export-snapshot';
import type { RenderViewInput } from '../../lib/core/render/view-contents';
import { revisionOfQuery } from './export-source';

/** The shared path of the two view exports: viewer (or a read token), the view (404), the model (400 for an unknown revision), then render. */
export async function exportView(request: ApiRequest<Caller>, render: (input: RenderViewInput) => string, contentType: string): Promise<ApiResponse> {
  const { runtime, caller, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const { view, slice, source } = await readViewExport(runtime.db, project.id, pathUuid(pathParameters.viewId, 'View'), revisionOfQuery(request.query));
  return textResponse(200, render({ model: slice, view, source }), contentType);
}
