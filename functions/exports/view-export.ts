import { authorizeProject } from '../../lib/auth/access-policy';
import { textResponse, type ApiRequest, type ApiResponse } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { findView } from '../../lib/model/view-store';
import type { RenderViewInput } from '../../lib/render/view-contents';
import { readExportModel } from './export-source';

/** The shared path of the two view exports: viewer (or a read token), the view (404), the model (400 for an unknown revision), then render. */
export async function exportView(request: ApiRequest, render: (input: RenderViewInput) => string, contentType: string): Promise<ApiResponse> {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const view = await findView(runtime.db, project.id, pathUuid(pathParameters.viewId, 'View'));
  if (!view) throw HttpProblem.notFound('View not found');
  const { model, source } = await readExportModel(runtime.db, project.id, request.query);
  return textResponse(200, render({ model, view, source }), contentType);
}
