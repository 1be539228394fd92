import { authorizeProject } from '../../lib/features/auth/access-policy';
import { textResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { readArchitectureDslExport } from '../../lib/features/exports/export-snapshot';
import { renderArchitectureDsl } from '../../lib/core/render/render-architecture-dsl';
import { exportQuery, revisionOfQuery } from './export-source';

/** The whole model and the views as Structurizr DSL, `text/plain`, UTF-8. */
export const exportArchitectureDsl = defineRoute({
  group: 'exports',
  operation: 'export-architecture-dsl',
  method: 'GET',
  path: '/api/projects/{projectId}/export/archdsl',
  auth: 'signed-in',
  summary: 'The model and views as Structurizr DSL text (viewer)',
  query: exportQuery,
  answers: { 200: { contentType: 'text/plain', description: 'Structurizr DSL text: the model and every view.' }, 400: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer' },
  run: async (request) => {
    const { runtime, caller, pathParameters } = request;
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const { model, views, source } = await readArchitectureDslExport(runtime.db, project.id, revisionOfQuery(request.query));
    return textResponse(200, renderArchitectureDsl({ projectName: project.name, model, views, source }), 'text/plain; charset=utf-8');
  },
});
