import { authorizeProject } from '../../lib/auth/access-policy';
import { textResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { renderArchitectureDsl } from '../../lib/render/render-architecture-dsl';
import { fromQuery, readArchitectureDslExport } from './export-source';

/** GET P/export/archdsl (viewer): the whole model and the views as Structurizr DSL, `text/plain`, UTF-8. */
export const exportArchitectureDsl: Operation = async (request) => {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const { model, views, source } = await readArchitectureDslExport(runtime.db, project.id, fromQuery(request.query));
  return textResponse(200, renderArchitectureDsl({ projectName: project.name, model, views, source }), 'text/plain; charset=utf-8');
};
